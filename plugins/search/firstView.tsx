import type { FirstViewProps } from '../../contracts/firstView'
import { defineFirstView } from '../../kernel/plugin/firstView'
import { SEARCH_PAGE, textFromSearch } from './searchText'
import { firstViewHandOver } from './slots/handOver'
import { PlainSearchForm } from './slots/PlainSearchForm'

/**
 * The search box before this plugin's code has run: a plain search form, enabled, whose Enter goes
 * to the search page (it works without script), at the combobox's size. On the search page it holds
 * the page's own text. What the shopper types in it, and its focus, are handed to the live box
 * (`firstViewHandOver`): by the form itself when the browser drew it, by `takeOver` when the page
 * server did.
 */
function SearchFirstView({ page, siteConfig, labels }: FirstViewProps) {
  const limit = siteConfig.searchCharacterLimit
  const pageText = page.pathname === SEARCH_PAGE[page.lang] ? textFromSearch(page.search, limit) : ''
  return (
    <PlainSearchForm
      labels={labels}
      lang={page.lang}
      limit={limit}
      handOver={firstViewHandOver}
      served
      // What the shopper typed in an earlier first view of this page (the frame's, redrawn), else the page's.
      initialText={firstViewHandOver.touched ? firstViewHandOver.text : pageText}
    />
  )
}

export default defineFirstView({
  needs: ['siteConfig'],
  slots: { 'header.search': SearchFirstView },
  takeOver(part) {
    const box = part.querySelector<HTMLInputElement>('input[type="search"]')
    if (!box) return
    firstViewHandOver.text = box.value
    firstViewHandOver.focused = box.ownerDocument.activeElement === box
    firstViewHandOver.touched = box.value !== box.defaultValue
  },
})
