/**
 * The element ids that tie the bar's buttons to what they show (aria-controls). One small file the
 * bar, the panel (which gives itself `flyoutId`) and the click tracker share, so the bar names the
 * panel without importing the panel's code, which loads on first intent.
 */
export const flyoutId = (uid: string) => `oh-flyout-${uid}`
export const flyoutButtonId = (uid: string) => `oh-flyout-button-${uid}`
/** The list of the items with no room in the bar, shown by the "More" button. */
export const MORE_LIST_ID = 'oh-nav-more'
/**
 * The replay key of an item's panel button (site/pressRecorder.ts): a press on the served button is
 * answered by the live one with the same key.
 */
export const panelReplayKey = (uid: string) => `${PANEL_REPLAY_PREFIX}${uid}`
export const PANEL_REPLAY_PREFIX = 'nav:'
