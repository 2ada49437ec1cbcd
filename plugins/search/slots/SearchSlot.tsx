import { lazy, Suspense } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import styles from './search.module.css'

const SearchBox = lazy(() => import('./SearchBox'))

/**
 * The search slot. The combobox (Floating UI) arrives in its own chunk; until then the same box
 * shows disabled (header spec §5: disabled until ready), at the same size, so nothing moves.
 */
export default function SearchSlot() {
  const { labels } = useService(headerContextRef)
  const fallback = (
    // biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the APG landmark; <search> is too new for some supported browsers
    <form role="search" className={styles.form} aria-label={labels['header.search.label']}>
      <input
        className={styles.input}
        type="search"
        disabled
        aria-label={labels['header.search.label']}
        placeholder={labels['header.search.placeholder']}
      />
    </form>
  )
  return (
    <Suspense fallback={fallback}>
      <SearchBox />
    </Suspense>
  )
}
