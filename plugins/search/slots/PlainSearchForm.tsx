import { useRef } from 'react'
import type { Labels } from '../../../contracts/labels'
import type { Lang } from '../../../site/brand'
import { SEARCH_PAGE } from '../searchText'
import type { HandOver } from './handOver'
import { ClearButton, SubmitButton } from './SearchButtons'
import styles from './search.module.css'

/**
 * The search box before its combobox code has run: a plain search form, enabled (unless the page has
 * no site configuration at all), whose Enter goes to
 * the search page, at the combobox's size. What the shopper types and whether the box has focus are
 * kept in `handOver`, which the combobox starts from when it takes the form's place.
 */
export function PlainSearchForm({
  labels,
  lang,
  limit,
  handOver,
  initialText,
  onIntent,
  served = false,
  disabled = false,
}: {
  labels: Labels
  lang: Lang
  limit: number
  handOver: HandOver
  /** The box's text at first; `handOver.text` by default. */
  initialText?: string
  /** Pointer over the form, touch or focus: the shopper is about to search. */
  onIntent?: () => void
  /** Drawn by the page server, or hydrating it: a press on the clear button is kept for the live box. */
  served?: boolean
  /**
   * The page has no site configuration at all (none served, none stored): the box, its clear and
   * search buttons are disabled until it comes (header spec §5).
   */
  disabled?: boolean
}) {
  const input = useRef<HTMLInputElement | null>(null)
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
        disabled={disabled}
        autoComplete="off"
        defaultValue={initialText ?? handOver.text}
        aria-label={labels['header.search.label']}
        // The words are drawn by the spans below, long or short by the window's width as the live
        // box's placeholder is (its script picks by media query; this one works before any script).
        // A space, so `:placeholder-shown` still tells an empty box.
        placeholder=" "
        ref={(el) => {
          input.current = el
          if (!el) return
          // Hydrated over the served box: what the shopper typed and where the focus is are the
          // element's own, kept by hydration; the combobox will start from them.
          if (el.value !== (initialText ?? handOver.text)) {
            handOver.text = el.value
            handOver.touched = true
          }
          if (document.activeElement === el) handOver.focused = true
          // Taking over from a box the shopper was typing in: keep the focus.
          else if (handOver.focused) el.focus()
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
      <span className={styles.placeholder} aria-hidden="true">
        <span className={styles.placeholderLong}>{labels['header.search.placeholder']}</span>
        <span className={styles.placeholderShort}>{labels['header.search.placeholder.mobile']}</span>
      </span>
      <ClearButton
        labels={labels}
        served={served}
        disabled={disabled}
        onClear={() => {
          const box = input.current
          if (!box) return
          box.value = ''
          handOver.text = ''
          handOver.touched = true
          box.focus()
        }}
      />
      <SubmitButton labels={labels} disabled={disabled} />
    </form>
  )
}
