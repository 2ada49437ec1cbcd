import type { AnyPlugin } from '../kernel/plugin/definePlugin'
import type { PluginId } from './pluginIds'

export { PLUGIN_IDS, type PluginId } from './pluginIds'

/**
 * Every plugin the header can run, each behind a dynamic import so it ships in its own chunk and a
 * plugin that is switched off is never requested. Brand configurations pick from these ids.
 */
export const PLUGIN_LOADERS = {
  auth: () => import('../plugins/auth'),
  logging: () => import('../plugins/logging'),
  nav: () => import('../plugins/nav'),
  search: () => import('../plugins/search'),
} satisfies Record<PluginId, () => Promise<{ default: AnyPlugin }>>
