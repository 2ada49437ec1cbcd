import { lazy, Suspense, useRef } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { SEARCH_PAGE, textFromSearch } from '../searchText'
import type { HandOver } from './SearchBox'
import styles from './search.module.css'

// The combobox's code (and Floating UI) is requested as soon as the plugin's code runs, not when the
// slot first renders: by the time the shell renders, it is usually on its way or here.
const boxCode = import('./SearchBox')
const SearchBox = lazy(() => boxCode)

/**
 * The search slot. The box is usable the moment the shell renders, since site configuration is
 * loaded by then (header spec §2: "disabled until site configuration is loaded"): a plain search
 * form whose Enter goes to the search page, at the combobox's size. When the combobox's code (Floating
 * UI) arrives it takes over in place, with what the shopper typed and the focus, and suggestions start.
 */
export default function SearchSlot() {
  const { labels, lang, siteConfig, location } = useService(headerContextRef)
  const limit = siteConfig.searchCharacterLimit
  const handOver = useRef<HandOver>({
    text: location.pathname === SEARCH_PAGE[lang] ? textFromSearch(location.search, limit) : '',
    focused: false,
  })
  const fallback = (
    // biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the APG landmark; <search> is too new for some supported browsers
    <form
      role="search"
      className={styles.form}
      action={SEARCH_PAGE[lang]}
      aria-label={labels['header.search.label']}
    >
      <input
        className={styles.input}
        type="search"
        name="text"
        maxLength={limit}
        autoComplete="off"
        defaultValue={handOver.current.text}
        aria-label={labels['header.search.label']}
        placeholder={labels['header.search.placeholder']}
        onInput={(e) => {
          handOver.current.text = e.currentTarget.value
        }}
        onFocus={() => {
          handOver.current.focused = true
        }}
        onBlur={() => {
          handOver.current.focused = false
        }}
      />
    </form>
  )
  return (
    <Suspense fallback={fallback}>
      <SearchBox handOver={handOver.current} />
    </Suspense>
  )
}
