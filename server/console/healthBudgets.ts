/**
 * The budgets the health view draws on its charts, the header's performance budgets
 * (docs/architecture.md "Budgets", where `npm run bench` checks them). They state the whole header's and each part's time to live
 * as a ratio of a bare React page's first render, whose reference on these machines is 450-600 ms
 * at 4x CPU: 1.25x on a returning load of the upper 600 ms gives 750 ms. A measure the budgets give no
 * figure for (LCP, the wait for a press counted from the press) is drawn without a budget.
 */
export interface Budget {
  value: number
  /** Where it comes from, shown beside the chart. */
  source: string
}

export const HEALTH_BUDGETS: Record<string, Budget | undefined> = {
  live: {
    value: 750,
    source: 'every part live at most 1.25x the bare React first render (600 ms at most): 750 ms',
  },
  part: { value: 750, source: 'every part live, measured per part: 750 ms' },
  inp: { value: 50, source: 'interaction to next paint at most 50 ms, none over 100 ms' },
  // CLS is counted in thousandths (0.001 is 1).
  cls: { value: 0, source: 'layout shift caused by the header: 0' },
  blocking: { value: 50, source: 'total blocking time until every part is live at most 50 ms' },
}

export const budgetOf = (measure: string): Budget | undefined =>
  HEALTH_BUDGETS[measure.startsWith('part:') ? 'part' : measure]
