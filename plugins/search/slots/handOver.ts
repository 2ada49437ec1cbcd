/** What a plain box hands the box that takes its place: the text typed, and whether it had focus. */
export interface HandOver {
  text: string
  focused: boolean
  /** Whether the shopper typed in it (else the next box starts from the page's own text). */
  touched?: boolean
}

/**
 * What the shopper did in the header's first view's box (the entry's, or the page server's), for the
 * search slot to start from. A module of its own: the start-up chunk reads it for the page server's
 * first view without importing any search code.
 */
export const firstViewHandOver: HandOver = { text: '', focused: false, touched: false }
