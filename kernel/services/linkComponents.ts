import type * as v from 'valibot'
import type { SlotComponent } from '../plugin/slots'

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

/** One custom link component: its code (its own chunk, loaded when a menu first shows it) and options schema. */
export interface LinkComponentContribution<Options = unknown> {
  /** The options an entry may pass; an entry whose options do not fit renders nothing and is reported. */
  options?: v.GenericSchema<unknown, Options>
  load: () => Promise<{ default: SlotComponent }>
}

/** A registered component and the plugin that registered it (its faults and events are that plugin's). */
export interface RegisteredLinkComponent extends LinkComponentContribution {
  pluginId: string
}

/**
 * The registry of custom link components. Plugins register theirs from their start hook (returning
 * the removal as the hook's clean-up, so a plugin that stops takes its components with it); menus
 * look ids up when they render. Ids are plugin-namespaced (`shell.languageLinks`).
 */
export interface LinkComponents {
  /** Adds `id`; throws when the id is taken, so two plugins never silently fight over a name. */
  register<Options>(
    pluginId: string,
    id: string,
    contribution: LinkComponentContribution<Options>,
  ): () => void
  get(id: string): RegisteredLinkComponent | undefined
  /** Told when a component is added or removed (a late plugin started); returns unsubscribe. */
  subscribe(listener: () => void): () => void
  /** Changes with every registration, for useSyncExternalStore. */
  version(): number
}

const ID = /^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/

export function createLinkComponents(): LinkComponents {
  const components = new Map<string, RegisteredLinkComponent>()
  const listeners = new Set<() => void>()
  let version = 0
  const changed = () => {
    version++
    for (const listener of [...listeners]) listener()
  }
  return {
    register(pluginId, id, contribution) {
      if (!ID.test(id) || !id.startsWith(`${pluginId}.`))
        throw new Error(`link component id '${id}' must be '${pluginId}.<name>' (letters and digits)`)
      if (components.has(id))
        throw new Error(`link component '${id}' is already registered by '${components.get(id)?.pluginId}'`)
      const entry = { ...(contribution as LinkComponentContribution), pluginId }
      components.set(id, entry)
      changed()
      return () => {
        if (components.get(id) !== entry) return
        components.delete(id)
        changed()
      }
    },
    get: (id) => components.get(id),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    version: () => version,
  }
}
