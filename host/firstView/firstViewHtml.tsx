import { renderToString } from 'react-dom/server'
import type { RenderFirstView } from '../../contracts/firstView'
import { textFromSearch } from '../../plugins/search/searchText'
import { SEARCH_PAGE } from '../../site/searchPage'
import { frameFor } from '../shell/frameFor'
import { ShellFrame } from '../shell/ShellFrame'
import { firstViewDataFrom, firstViewParts } from './firstViewParts'

/**
 * The page server's renderer of the whole header's first view (contracts/firstView.ts): the same
 * parts the entry paints in the browser, as HTML for `#oneHeaderContainer`, so the header is whole
 * and working with the page's first paint, before any script. Built beside the server bundle and
 * loaded by it at run time. '' when the answers are missing or of the wrong shape, or when the page
 * paints no parts (the brewer-registration page's reduced header): the entry then paints the frame
 * as usual. The app webview never gets one (the page server does not ask).
 */
export const renderFirstView: RenderFirstView = (request) => {
  const data = firstViewDataFrom(request.bodies)
  if (!data) return ''
  const frame = frameFor({ ...request, webview: false })
  const onSearchPage = request.pathname === SEARCH_PAGE[request.lang]
  const handOver = {
    text: onSearchPage ? textFromSearch(request.search, data.searchLimit) : '',
    focused: false,
  }
  const parts = firstViewParts(data, { ...request, disabled: '' }, request.shopper, handOver)
  const html = renderToString(<ShellFrame {...frame} parts={parts} />)
  return html.includes('data-first-view') ? html : ''
}
