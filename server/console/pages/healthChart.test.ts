// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Health, MeasureFigures } from '../pageHealth'
import { budgetLabelY, renderHealth, seriesPath } from './healthPage'

/** The health view's chart: both series drawn, nothing cut at the plot's edge, no label on a line. */
describe('the health chart', () => {
  const slotMs = 3_600_000
  const measure = (slots: MeasureFigures['slots']): MeasureFigures => ({
    measure: 'live',
    count: 8,
    p75: 780,
    p95: 1878,
    slots,
  })
  const health = (m: MeasureFigures): Health => ({
    fromMs: 0,
    slotMs,
    slots: m.slots.map((s) => s.slotMs),
    pages: 8,
    pagesPerSlot: new Map(m.slots.map((s) => [s.slotMs, s.count])),
    measures: new Map([[m.measure, m]]),
    faults: [],
    versions: [],
  })

  it('draws p75 when only the latest slot has page loads (a lone point, no line to draw)', () => {
    const slots = Array.from({ length: 24 }, (_, i) =>
      i === 23 ? { slotMs: i * slotMs, count: 8, p75: 780, p95: 1878 } : { slotMs: i * slotMs, count: 0 },
    )
    const html = renderHealth({ brand: 'usb2c', period: 'day' }, health(measure(slots))).html
    const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'))
    expect(svg).toMatch(/<path class="p75" d="M[\d.]+,[\d.]+"\/>/)
    expect(svg).toMatch(/<rect class="p75" /)
    // The latest point and its hit circle (r 10) stay inside the 720-wide drawing.
    const cx = Number(svg.match(/<circle class="hit" cx="([\d.]+)"/)![1])
    expect(cx + 10).toBeLessThanOrEqual(720)
  })

  it('a series breaks at a slot without a value rather than drawing across it', () => {
    expect(seriesPath([{ x: 1, y: 2 }, { x: 3, y: 4 }, undefined, { x: 5, y: 6 }])).toBe(
      'M1.0,2.0L3.0,4.0M5.0,6.0',
    )
  })

  it('the budget label goes below its line when a gridline would cross the text above', () => {
    // Line at 100; a gridline at 90 runs through the text above (83–95), none below (105–117).
    expect(budgetLabelY(100, [90, 150], 16)).toBe(117)
    expect(budgetLabelY(100, [50, 150], 16)).toBe(95)
  })
})
