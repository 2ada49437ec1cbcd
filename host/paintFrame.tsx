import { createRoot, type Root } from 'react-dom/client'
import { brandFromHost } from '../site/brand'
import { langFromPath } from '../site/language'
import { isAppWebview } from '../site/webview'
import { BRAND_CONFIGS } from './brands'
import { FIRST_RENDER_MARK, Mark } from './shell/marks'
import { ShellFrame } from './shell/ShellFrame'

/**
 * Paints the header's frame into the container as soon as the entry has run: the rows the host
 * reserved (`data-rows`), the brand's colours and the logo. Returns the React root the full shell
 * will render into, in place, and a promise settled once the frame is on screen.
 */
export function paintFrame(
  container: HTMLElement,
  win: Window = window,
): { root: Root; painted: Promise<void> } {
  const { host, pathname, search } = win.location
  const brand = brandFromHost(host)
  const { displayName, headerHeight } = BRAND_CONFIGS[brand].shell
  const rows = (container.dataset.rows ?? '').split(/\s+/)
  const root = createRoot(container)
  let onPainted = () => {}
  const painted = new Promise<void>((resolve) => {
    onPainted = resolve
  })
  root.render(
    <>
      <ShellFrame
        brand={brand}
        lang={langFromPath(pathname)}
        pathname={pathname}
        displayName={displayName}
        headerHeight={headerHeight}
        notification={rows.includes('notification')}
        promo={rows.includes('promo')}
        webview={
          container.dataset.webview === 'true' || isAppWebview({ userAgent: win.navigator.userAgent, search })
        }
      />
      <Mark name={FIRST_RENDER_MARK} onMarked={onPainted} />
    </>,
  )
  return { root, painted }
}
