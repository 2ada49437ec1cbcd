/**
 * A page the browser's back/forward cache brings back after its customer signed out (the
 * Back button from the logout page) still shows what was drawn for them: their greeting, "Welcome
 * back!", "Your Auto Delivery is on its way". Restored without a session it had when it loaded, the
 * page is loaded again, so the server and the header draw it for the visitor there is now.
 * Returns the clean-up.
 */
export function reloadWhenRestoredSignedOut(deps: {
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined
  /** Whether the page was loaded for a signed-in session. */
  loadedSignedIn: boolean
  hasSession: () => boolean
  reload: () => void
}): () => void {
  const { win } = deps
  if (!win || !deps.loadedSignedIn) return () => {}
  const onShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted && !deps.hasSession()) deps.reload()
  }
  win.addEventListener('pageshow', onShow)
  return () => win.removeEventListener('pageshow', onShow)
}
