/**
 * The fields of a panel item the CMS sends (navigation spec §3), by what the header does with them:
 * text drawn as text (never as HTML), and addresses checked before they become a link or a picture.
 * The hostile-content tests walk both lists, so a field added to one kind is tried with every
 * attack of the corpus.
 */
export const PANEL_TEXT_FIELDS = [
  'linkName',
  'headerName',
  'label1',
  'label2',
  'primaryDescription',
  'primaryButtonLinkName',
  'secondaryLinkName',
  'disclaimer',
  'backgroundColor',
  'position',
] as const

export const PANEL_URL_FIELDS = [
  'linkUrl',
  'headerLinkUrl',
  'imageUrl',
  'outerImageUrl',
  'innerImageUrl',
  'primaryButtonLinkUrl',
  'secondaryLinkUrl',
] as const
