import type * as v from 'valibot'
import type { SlotComponent } from './slots'

/**
 * What a custom link component renders with (header spec §3 header link entry: `isCustomComponent`,
 * `customComponent`, `options`): the entry's options, decoded by the contribution's schema, and the
 * callback that closes the menu around it before it navigates.
 */
export interface LinkComponentProps<Options = unknown> {
  options: Options
  onChosen?: () => void
  /** The menu's own link class, so the component's links look like their neighbours. */
  linkClassName?: string
}

/**
 * One custom link component a plugin declares in its manifest's `linkComponents`: its code (its own
 * chunk, loaded when a menu first shows it) and the schema of the options an entry may pass.
 */
export interface LinkComponentContribution<Options = unknown> {
  /** The options an entry may pass; an entry whose options do not fit renders nothing and is reported. */
  options?: v.GenericSchema<unknown, Options>
  load: () => Promise<{ default: SlotComponent }>
}

const NAME = /^[a-z][a-zA-Z0-9]*$/

/** A name in `linkComponents` is letters and digits, lower case first (`languageLinks`). */
export const isLinkComponentName = (name: string): boolean => NAME.test(name)

/**
 * The id link menus name a component by (`customComponent` in a brand's link entries): the plugin's
 * id, a dot, and the component's name in that plugin's `linkComponents` (`shell.languageLinks`).
 */
export const linkComponentId = (pluginId: string, name: string): string => `${pluginId}.${name}`
