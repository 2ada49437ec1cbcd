import type { useInteractions } from '@floating-ui/react'
import { memo, type RefObject, useEffect, useId, useMemo } from 'react'
import type { KernelEvents } from '../../../kernel/bus/events'
import { htmlToText, sanitizeInlineHtml } from '../../../kernel/html/sanitize'
import { useService } from '../../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import '../events'
import { productHref, productImageSrcSet, productImageUrl, TILE_IMAGE } from '../productLinks'
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../searchOptions'
import type { SearchResult } from '../searchService'
import { searchPageUrl } from '../searchText'
import styles from './search.module.css'

type SearchEvent =
  | 'search:suggestionClicked'
  | 'search:productClicked'
  | 'search:productsShown'
  | 'search:submitted'
type Interactions = ReturnType<typeof useInteractions>

export interface FlyoutProps {
  setFloating: (el: HTMLElement | null) => void
  floatingProps: Record<string, unknown>
  getItemProps: Interactions['getItemProps']
  listRef: RefObject<(HTMLElement | null)[]>
  activeIndex: number | null
  query: string
  result: SearchResult
  onChosen: () => void
  emit: <K extends SearchEvent>(type: K, payload: KernelEvents[K]) => void
}

/**
 * The suggestion flyout (nav spec §2): suggestion terms on the left, product tiles on the right,
 * one listbox with two labelled groups. Options are real links, so a middle click opens a tab.
 * Memoised: typing re-renders the box, and the flyout only when its answer or active option changes.
 */
export default memo(function SearchFlyout(p: FlyoutProps) {
  const { lang, labels, siteConfig } = useService(headerContextRef)
  // The kernel hands every slot its plugin's decoded options; outside a plugin boundary, the defaults.
  const options = usePluginOptions<SearchOptions | undefined>() ?? DEFAULT_SEARCH_OPTIONS
  const termsId = useId()
  const productsId = useId()
  const { suggestions, products, totalProducts } = p.result
  const codes = products.map((product) => product.code).join(',')
  // Sanitised once per answer, not on every keystroke that re-renders the open flyout.
  const terms = useMemo(
    () =>
      suggestions.map((s) => ({
        key: s.value,
        text: htmlToText(s.value),
        html: sanitizeInlineHtml(s.value),
      })),
    [suggestions],
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: one report per query and set of tiles
  useEffect(() => {
    if (products.length > 0) p.emit('search:productsShown', { term: p.query, products })
  }, [p.query, codes])

  const option = (index: number, onClick: () => void) =>
    p.getItemProps({
      ref: (el: HTMLElement | null) => {
        p.listRef.current[index] = el
      },
      active: p.activeIndex === index,
      selected: p.activeIndex === index,
      tabIndex: -1,
      onClick: () => {
        onClick()
        p.onChosen()
      },
    })

  p.listRef.current.length = suggestions.length + products.length
  return (
    <div ref={p.setFloating} {...p.floatingProps} className={styles.flyout}>
      {suggestions.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a listbox may own groups of options, never a fieldset
        <div role="group" aria-labelledby={termsId} className={styles.terms}>
          <div id={termsId} role="presentation" className={styles.heading}>
            {labels['header.search.suggestions']}
          </div>
          {terms.map(({ key, text: term, html }, i) => {
            return (
              <a
                key={key}
                {...option(i, () => p.emit('search:suggestionClicked', { term }))}
                href={searchPageUrl(lang, term, siteConfig.searchCharacterLimit, true)}
                className={styles.term}
                data-active={p.activeIndex === i || undefined}
                dangerouslySetInnerHTML={{ __html: html }}
              />
            )
          })}
        </div>
      )}
      {products.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: a listbox may own groups of options, never a fieldset
        <div role="group" aria-labelledby={productsId} className={styles.products}>
          <div id={productsId} role="presentation" className={styles.heading}>
            {labels['header.related.products']}
          </div>
          {products.map((product, i) => {
            const index = suggestions.length + i
            const href = productHref(product, p.query, lang, options)
            const chosen = () =>
              p.emit('search:productClicked', {
                term: p.query,
                product,
                position: i + 1,
                total: totalProducts,
              })
            return (
              <a
                key={product.code}
                {...option(index, chosen)}
                {...(href ? { href } : { 'aria-disabled': true })}
                className={styles.tile}
                data-active={p.activeIndex === index || undefined}
              >
                <img
                  className={styles.tileImage}
                  src={productImageUrl(siteConfig.productImageBaseUrl, product, options)}
                  srcSet={productImageSrcSet(siteConfig.productImageBaseUrl, product, options)}
                  sizes={`${TILE_IMAGE.width}px`}
                  alt={product.name}
                  title={product.name}
                  width={TILE_IMAGE.width}
                  height={TILE_IMAGE.height}
                  decoding="async"
                />
                {/* The image alt already names the product (nav spec §3): the text is not read twice. */}
                <span className={styles.tileName} aria-hidden="true">
                  {product.name}
                </span>
                {lang === 'en' && product.newProduct && (
                  <span className={styles.badge}>{labels['header.search.new.badge']}</span>
                )}
              </a>
            )
          })}
        </div>
      )}
    </div>
  )
})
