import { isSingularCount } from '../../../contracts/counts'
import type { Labels } from '../../../contracts/labels'

/** A label with its `{name}` placeholders replaced. */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))

/** "1 point" for exactly 1, "0 points" and "2 points" otherwise (header spec §3 reward data). */
export function countText(labels: Labels, kind: 'points' | 'rewards', count: number, lang: string): string {
  const key = isSingularCount(count) ? `loyalty.${kind}.one` : `loyalty.${kind}.other`
  const shown = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-US').format(count)
  return fill(labels[key] ?? '', { count: shown })
}
