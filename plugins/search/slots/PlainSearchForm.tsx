import type { Labels } from '../../../contracts/labels'
import type { Lang } from '../../../site/brand'
import { SEARCH_PAGE } from '../searchText'
import type { HandOver } from './handOver'
import styles from './search.module.css'

/**
 * The search box before its combobox code has run: a plain search form, enabled, whose Enter goes to
 * the search page, at the combobox's size. What the shopper types and whether the box has focus are
 * kept in `handOver`, which the next box (the slot's own, then the combobox) starts from. The
 * header's first view paints it before this plugin's code has run, with `firstViewHandOver`.
 */
export function PlainSearchForm({
  labels,
  lang,
  limit,
  handOver,
  initialText,
  onIntent,
}: {
  labels: Labels
  lang: Lang
  limit: number
  handOver: HandOver
  /** The box's text at first; `handOver.text` by default. */
  initialText?: string
  /** Pointer over the form, touch or focus: the shopper is about to search. */
  onIntent?: () => void
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the APG landmark; <search> is too new for some supported browsers
    <form
      role="search"
      className={styles.form}
      action={SEARCH_PAGE[lang]}
      aria-label={labels['header.search.label']}
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
    >
      <input
        className={styles.input}
        type="search"
        name="text"
        maxLength={limit}
        autoComplete="off"
        defaultValue={initialText ?? handOver.text}
        aria-label={labels['header.search.label']}
        placeholder={labels['header.search.placeholder']}
        ref={(el) => {
          // Taking over from a box the shopper was typing in: keep the focus.
          if (el && handOver.focused && document.activeElement !== el) el.focus()
        }}
        onInput={(e) => {
          handOver.text = e.currentTarget.value
          handOver.touched = true
        }}
        onFocus={() => {
          handOver.focused = true
          onIntent?.()
        }}
        onBlur={() => {
          handOver.focused = false
        }}
      />
    </form>
  )
}
