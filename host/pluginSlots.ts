import type { SlotName } from '../kernel/plugin/slots'
import type { PluginId } from './pluginIds'

/**
 * The slots each plugin fills, known before its code arrives: while a plugin is still loading, the
 * shell keeps these free at their final size (`data-slot-reserve`), so the header does not move when
 * it starts. The small, eager part of each manifest; host/pluginSlots.test.ts checks it against the
 * real manifests, so it cannot drift from them.
 */
export const PLUGIN_SLOTS = {
  auth: ['header.account', 'header.mobileMenu', 'header.sessionDialog', 'header.siteNotice'],
  logging: [],
  nav: ['header.nav'],
  search: ['header.search'],
} as const satisfies Record<PluginId, readonly SlotName[]>
