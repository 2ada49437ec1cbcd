import type * as v from 'valibot'
import type { AuthOptionsSchema } from '../../plugins/auth/authOptions'
import type { NavOptionsSchema } from '../../plugins/nav/navOptions'
import type { SearchOptionsSchema } from '../../plugins/search/searchOptions'
import type { PluginId } from '../pluginIds'

/**
 * Each plugin's options schema (the file its manifest's `options` is), or undefined for a plugin that
 * takes none. Types only: brand files stay free of plugin code. A plugin id missing here fails tsc.
 */
interface OptionSchemas {
  auth: typeof AuthOptionsSchema
  logging: undefined
  nav: typeof NavOptionsSchema
  search: typeof SearchOptionsSchema
}

/**
 * What a brand file may write as a plugin's `options`: the input of that plugin's options schema, so
 * tsc catches a wrong key or type in host/brands/<brand>.ts, and the schema itself (when the header
 * starts, and in brands.test.ts) catches the rest.
 */
export type PluginOptionsInput = {
  [Id in PluginId]: OptionSchemas[Id] extends v.GenericSchema ? v.InferInput<OptionSchemas[Id]> : undefined
}
