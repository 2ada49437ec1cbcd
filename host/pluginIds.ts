/**
 * The ids of every plugin the header can run. Kept apart from the loaders (host/plugins.ts) so that
 * brand configurations, and the build that lists each brand's plugins for the server's preloads,
 * can name plugins without importing their code.
 */
export const PLUGIN_IDS = ['auth', 'logging', 'nav', 'search'] as const
export type PluginId = (typeof PLUGIN_IDS)[number]
