/**
 * Style rules of the page-load pages alone (the search and the waterfall), added after the console's
 * stylesheet: every text colour at least 4.5:1 on its background.
 */
export const TRACE_CSS = `
.tag{display:inline-block;font-size:.8rem;font-weight:600;padding:0 6px;border-radius:3px;background:#fbeeee;color:var(--err);border:1px solid var(--err);white-space:nowrap}
`
