import { useLayoutEffect } from 'react'
import { BREAKPOINT_LG } from './layouts'

/**
 * From this window height up, an open desktop panel shows no more cards than fit the room under the
 * bar (a 1280 x 720 laptop and larger); in a shorter window it keeps them all and scrolls inside.
 */
export const FIT_MIN_WINDOW_HEIGHT = 720

/** The attribute that hides a card left out for want of room (FlyoutPanel.module.css). */
export const TRIMMED = 'data-trimmed'

/**
 * The cards that may be left out, lowest first: the body's and the side bar's. Never the footer's
 * (its "Shop all" links are the way to everything left out, and the recipe footer's count is the
 * spec's, by width), nor the agent's NOBO links, nor the full-width promo.
 */
const trimmable = (panel: HTMLElement) =>
  [
    ...panel.querySelectorAll<HTMLElement>(
      '[data-part="body"] ul[data-mode] > li, [data-part="sidebar"] ul[data-mode] > li',
    ),
  ].filter((li) => !li.closest('[data-part="footer"], [data-part="nobo"]'))

/**
 * Leaves out, one at a time, the card that reaches lowest (the last of the tallest column) until the
 * panel no longer scrolls inside itself; then gives back, in reading order, every card left out that
 * fits again. A group with cards left out is marked `data-more`; its heading, when it links to the
 * group's category, stays as the way to them all ("see all"). A caption left with no card goes too.
 * Everything is shown again first, so a taller window brings the cards back.
 */
export function fitPanel(panel: HTMLElement): void {
  for (const el of panel.querySelectorAll(`[${TRIMMED}], [data-more]`)) {
    el.removeAttribute(TRIMMED)
    el.removeAttribute('data-more')
  }
  if (window.innerWidth < BREAKPOINT_LG || window.innerHeight < FIT_MIN_WINDOW_HEIGHT) return
  const scrolls = () => panel.scrollHeight > panel.clientHeight
  const cards = trimmable(panel)
  while (scrolls()) {
    let lowest: HTMLElement | undefined
    let bottom = Number.NEGATIVE_INFINITY
    for (const li of cards) {
      if (li.hasAttribute(TRIMMED)) continue
      const b = li.getBoundingClientRect().bottom
      if (b >= bottom) {
        bottom = b
        lowest = li
      }
    }
    if (!lowest) return
    lowest.setAttribute(TRIMMED, '')
    trimEmptyGroup(lowest.closest('[data-group]'))
  }
  // Cut from the bottom, a column's short cards go before the tall one above them whose cut alone
  // was needed (the French Beverages side bar lost its brands, then its promo, and showed "Shop by
  // brand" over nothing with room to spare): each card left out comes back if the panel still fits.
  for (const li of cards) {
    if (!li.hasAttribute(TRIMMED)) continue
    const group = li.closest('[data-group]')
    const groupTrimmed = group?.hasAttribute(TRIMMED) ?? false
    li.removeAttribute(TRIMMED)
    group?.removeAttribute(TRIMMED)
    if (!scrolls()) continue
    li.setAttribute(TRIMMED, '')
    if (groupTrimmed) group?.setAttribute(TRIMMED, '')
  }
  for (const li of cards)
    if (li.hasAttribute(TRIMMED)) li.closest('[data-group]')?.setAttribute('data-more', '')
}

/** A group left with neither a card nor a heading link (a bare caption) is left out too. */
function trimEmptyGroup(group: Element | null): void {
  if (!group || group.querySelector(':scope > h2 a[href]')) return
  if ([...group.querySelectorAll('ul[data-mode] > li')].every((c) => c.hasAttribute(TRIMMED)))
    group.setAttribute(TRIMMED, '')
}

/**
 * Keeps the open panel `id` fitted (fitPanel) when it is drawn, when the bar's placement gives it
 * its height, when the window is resized and when its pictures change a card's height.
 */
export function useFitPanel(id: string): void {
  useLayoutEffect(() => {
    const panel = document.getElementById(id)
    if (!panel) return
    const refit = () => fitPanel(panel)
    refit()
    // The bar's placement sets the panel's max-height after it is drawn and again on resize.
    let maxHeight = panel.style.maxHeight
    const placed = new MutationObserver(() => {
      if (panel.style.maxHeight === maxHeight) return
      maxHeight = panel.style.maxHeight
      refit()
    })
    placed.observe(panel, { attributes: true, attributeFilter: ['style'] })
    // A picture arriving or a line wrapping changes the content's height.
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(refit)
    const columns = panel.querySelector('[data-part="body"]')?.parentElement
    if (columns) resized?.observe(columns)
    window.addEventListener('resize', refit)
    return () => {
      placed.disconnect()
      resized?.disconnect()
      window.removeEventListener('resize', refit)
    }
  }, [id])
}
