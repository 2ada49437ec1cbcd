/** The address a page links to for "Cookie preferences": `<a href="#cookie-preferences">`. */
export const PREFERENCES_HASH = '#cookie-preferences'
/** Or any element carrying this attribute (a button in a brand's footer). */
export const PREFERENCES_ATTRIBUTE = 'data-one-header-consent'

/**
 * Reopens the choices from anywhere on the page (the header has no footer of its own): a click on a
 * `#cookie-preferences` link or a `[data-one-header-consent]` element, or the page opened at that
 * address. `open` is told which element asked, so focus returns there when the banner closes.
 */
export function listenForReopen(win: Window, open: (trigger: HTMLElement | null) => void): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null
    const trigger = target?.closest<HTMLElement>(`a[href$="${PREFERENCES_HASH}"], [${PREFERENCES_ATTRIBUTE}]`)
    if (!trigger) return
    event.preventDefault()
    open(trigger)
  }
  const onHash = () => {
    if (win.location.hash === PREFERENCES_HASH) open(null)
  }
  win.document.addEventListener('click', onClick)
  win.addEventListener('hashchange', onHash)
  onHash()
  return () => {
    win.document.removeEventListener('click', onClick)
    win.removeEventListener('hashchange', onHash)
  }
}
