import type { AnyPlugin } from '../kernel/plugin/definePlugin'
import analyticsPlugin from '../plugins/analytics'
import { createTestKernel } from './createTestKernel'

type UtagCall = { call: 'link' | 'view'; data: Record<string, unknown> }

/**
 * A kernel running the analytics plugin (and `plugins`, whose `analytics` handlers it reports) over
 * a recording `window.utag`: `sent` is every call the tag manager received, `links` the `utag.link`
 * payloads.
 */
export function createAnalyticsKernel(
  plugins: AnyPlugin[] = [],
  overrides: Parameters<typeof createTestKernel>[1] = {},
) {
  const sent: UtagCall[] = []
  ;(window as unknown as { utag: unknown }).utag = {
    link: (data: Record<string, unknown>) => sent.push({ call: 'link', data }),
    view: (data: Record<string, unknown>) => sent.push({ call: 'view', data }),
  }
  const test = createTestKernel([analyticsPlugin, ...plugins], overrides)
  const links = () => sent.filter((s) => s.call === 'link').map((s) => s.data)
  return { ...test, sent, links }
}
