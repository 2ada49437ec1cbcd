import { type ComponentType, useEffect, useRef, useState } from 'react'
import { isServedSiteConfig } from '../../../contracts/siteConfigServed'
import { useService, useServiceHandle } from '../../../kernel/react/KernelProvider'
import { useHydrated } from '../../../kernel/react/useHydrated'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { whenIdle } from '../../../kernel/streams/idle'
import { searchRef } from '../searchRef'
import { SEARCH_PAGE, textFromSearch } from '../searchText'
import { type HandOver, pageHandOver } from './handOver'
import { PlainSearchForm } from './PlainSearchForm'

// The combobox's code (with Floating UI, the largest chunk the header has) is not on the path to the
// whole header: it is asked for when the shopper shows intent (pointer over the box, focus, touch)
// or when the browser is first idle after the header is in place, whichever comes first — and idle
// at the latest BOX_IDLE_TIMEOUT_MS after the slot is on screen, since the box is not live before it.
let boxCode: Promise<typeof import('./SearchBox')> | undefined
const loadBox = () => {
  boxCode ??= import('./SearchBox').catch((error: unknown) => {
    boxCode = undefined // the next sign of intent tries again
    throw error
  })
  return boxCode
}
type Box = ComponentType<{ handOver: HandOver }>

/**
 * How long the combobox's code waits for an idle moment once the slot is on screen: a busy start-up
 * (the account's calls, late plugins) otherwise kept the box a plain form for half a second at 4x CPU
 * (the header live sooner); by then the shell's own render is long done.
 */
export const BOX_IDLE_TIMEOUT_MS = 100

/**
 * The search part, drawn once: the page server renders it from the site configuration it loaded, and
 * the browser hydrates it before the kernel has started. Header spec §5 has the box "disabled until
 * site configuration is loaded": the served page carries that configuration (and a returning browser
 * keeps a stored copy), so the box is usable at first paint because the configuration is there. Only
 * when there is neither (the CMS did not answer in time on a first visit: the built-in defaults,
 * `isServedSiteConfig`) is it disabled, until the live answer replaces them. It is a plain search form
 * whose Enter goes to the search page, at the combobox's size, live as soon as it is hydrated: the
 * text typed before is the box's own (hydration keeps the element). When the combobox's code
 * (Floating UI) and the search service (with the kernel) are both in, the combobox takes over in
 * place, with what the shopper typed and the focus, and suggestions start.
 */
export default function SearchSlot() {
  const { labels, lang, siteConfig, location, correlationId } = useService(headerContextRef)
  const limit = siteConfig.searchCharacterLimit
  const configured = isServedSiteConfig(siteConfig)
  const live = useHydrated()
  const search = useServiceHandle(searchRef)
  const handOver = useRef<HandOver>(
    // The browser's own first view of this page (drawn when the page server sent none) hands over
    // what the shopper did in its box when the shell draws the part again.
    pageHandOver.touched || pageHandOver.focused
      ? pageHandOver
      : Object.assign(pageHandOver, {
          text: location.pathname === SEARCH_PAGE[lang] ? textFromSearch(location.search, limit) : '',
          focused: false,
          touched: false,
        }),
  )
  // The plain form stays mounted (with the shopper's text and focus) until the combobox can answer.
  const [SearchBox, setSearchBox] = useState<Box | null>(null)
  const want = () => {
    void loadBox().then(
      (code) => setSearchBox(() => code.default),
      (error: unknown) =>
        // The plain form keeps working (Enter goes to the search page); suggestions wait for a retry.
        console.warn(`[one-header] search box code did not load correlationId=${correlationId}:`, error),
    )
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first paint
  useEffect(() => {
    // The shopper typed in the served box, or is in it: the combobox (and its suggestions) at once.
    if (handOver.current.touched || handOver.current.focused) return want()
    return whenIdle(want, BOX_IDLE_TIMEOUT_MS)
  }, [])
  const fallback = (
    <PlainSearchForm
      labels={labels}
      lang={lang}
      limit={limit}
      handOver={handOver.current}
      onIntent={want}
      served={!live}
      disabled={!configured}
    />
  )
  return SearchBox && search && configured ? <SearchBox handOver={handOver.current} /> : fallback
}
