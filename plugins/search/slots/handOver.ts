/** What a plain box hands the box that takes its place: the text typed, and whether it had focus. */
export interface HandOver {
  text: string
  focused: boolean
  /** Whether the shopper typed in it (else the next box starts from the page's own text). */
  touched?: boolean
}

/**
 * What the shopper did in the page's search box, kept for the page's life: when the part is drawn
 * again (the browser's own first view replaced by the shell, when the page server sent none), the
 * new box starts from it. A served part needs none of it: hydration keeps the very element.
 */
export const pageHandOver: HandOver = { text: '', focused: false, touched: false }
