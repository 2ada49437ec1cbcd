import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { pageBrand } from '../site/headerApi'
import { langFromPath } from '../site/language'
import { isAppWebview } from '../site/webview'
import { frameFor } from './frame/frameFor'
import { FIRST_RENDER_MARK, Mark } from './frame/marks'
import { type FrameProps, ShellFrame } from './frame/ShellFrame'
import { hiddenInput } from './pageContext'

/**
 * Paints the header's frame into the container as soon as the entry has run: the rows the host
 * reserved (`data-rows`), the brand's colours and the logo. Returns the React root the full shell
 * will render into, in place, and a promise settled once the frame is on screen.
 */
export function paintFrame(
  container: HTMLElement,
  win: Window = window,
): {
  root: Root
  painted: Promise<void>
  frame: FrameProps
  showFirstView(parts: FrameProps['parts']): void
} {
  const { pathname, search } = win.location
  const rows = (container.dataset.rows ?? '').split(/\s+/)
  const root = createRoot(container)
  let onPainted = () => {}
  const painted = new Promise<void>((resolve) => {
    onPainted = resolve
  })
  const frame = frameFor({
    // The same brand as start-up's (host/pageContext.ts): the `brand` input, else the host name's.
    brand: pageBrand(win.location, hiddenInput(win.document, 'brand')),
    lang: langFromPath(pathname),
    pathname,
    rows: {
      eyebrow: rows.includes('eyebrow'),
      notification: rows.includes('notification'),
      siteNotice: rows.includes('sitenotice'),
      promo: rows.includes('promo'),
    },
    webview:
      container.dataset.webview === 'true' || isAppWebview({ userAgent: win.navigator.userAgent, search }),
  })
  const paint = (parts?: FrameProps['parts']) =>
    root.render(
      <>
        <ShellFrame {...frame} {...(parts ? { parts } : {})} />
        <Mark name={FIRST_RENDER_MARK} onMarked={onPainted} />
      </>,
    )
  paint()
  // The first view (host/firstView) fills the same frame in place: same rows, same sizes.
  // Committed at once (flushSync), so it is on screen before the start-up chunk is evaluated.
  const showFirstView = (parts: FrameProps['parts']) => {
    if (!frame.webview) flushSync(() => paint(parts))
  }
  return { root, painted, frame, showFirstView }
}
