import type * as v from 'valibot'
import type { PluginAbout } from '../../contracts/pluginAbout'
import type { AnalyticsPort, TagPayload } from '../analytics/analyticsPort'
import type { Envelope, KernelEvents } from '../bus/events'
import type { TokenPort } from '../http/tokenPort'
import type { ServiceFactory, ServiceRef } from '../services/serviceRef'
import type { FirstViewDeclaration } from './firstView'
import type { LinkComponentContribution } from './linkComponents'
import type { SlotContribution, SlotName } from './slots'

export type { TagPayload }

/** What a plugin's handlers and start hook can use. */
export interface PluginContext<Options = unknown> {
  /** The plugin's id; events it emits carry it as their source. */
  readonly pluginId: string
  /** The plugin's options from the brand configuration, decoded by its `options` schema. */
  readonly options: Options
  get<T>(ref: ServiceRef<T>): T
  /** A service another plugin may or may not provide (the logger when logging is switched off). */
  optional<T>(ref: ServiceRef<T>): T | undefined
  emit<K extends keyof KernelEvents>(type: K, payload: KernelEvents[K]): void
}

type EventHandlers = { [K in keyof KernelEvents]?: (event: Envelope<K>, ctx: PluginContext) => void }
/**
 * One event a plugin raises and what the tag manager hears of it (nav spec §7 catalogue): its
 * payloads, one or several, or none (`null`, `[]`) when this occurrence is not reported.
 */
export type AnalyticsHandler = {
  [K in keyof KernelEvents]: {
    event: K
    tags: (event: Envelope<K>, ctx: PluginContext) => TagPayload | TagPayload[] | null
  }
}[keyof KernelEvents]

/** A plugin's additions to every call of the kernel's HTTP client. */
export interface HttpContribution<Options = unknown> {
  /** Tokens for bearer calls and the refresh after a 401 (header spec §5, §8). One plugin at most. */
  tokenPort?: (ctx: PluginContext<Options>) => TokenPort
  /** Headers for every rest/v2 call, asked per call (an agent session's customerId and csAgentId). */
  restHeaders?: (ctx: PluginContext<Options>) => Record<string, string>
}

/**
 * What a plugin is, in words, for the people who switch it on and off (the operators' console reads
 * it through its checked copy, contracts/brandPlugins.ts): its name, what a shopper sees of it, the
 * team that answers for it, and the calls it makes, which stop when it is switched off.
 */
/** What a plugin is, in words: its row of contracts/pluginAbout.ts. */
export type { PluginAbout } from '../../contracts/pluginAbout'

/**
 * A plugin is one declarative object: what it needs, what services it provides, what it puts in the
 * header's slots, which events it handles and which it reports to analytics. Every part is optional.
 */
export interface PluginManifest<Options = unknown, OptionsInput = unknown> {
  /** Lower-case id such as 'search'; names the plugin in every error and log. */
  id: string
  /** What it is, in words (see PluginAbout). */
  about?: PluginAbout
  /** Ids of plugins that must be running for this one to start. */
  requires?: readonly string[]
  /**
   * Ids of plugins this one starts after when the brand runs them: one still loading is waited for;
   * one switched off, or whose code never arrives, is not needed (unlike `requires`). For a plugin
   * that reads another's optional service at its start.
   */
  after?: readonly string[]
  /** Schema of the options a brand passes; invalid options stop the plugin with a clear error. */
  options?: v.GenericSchema<OptionsInput, Options>
  // biome-ignore lint/suspicious/noExplicitAny: each factory has its own service and dependency types
  services?: readonly ServiceFactory<any, any>[]
  slots?: Partial<Record<SlotName, SlotContribution>>
  /**
   * What the plugin shows before its code has run (kernel/plugin/firstView.ts): pure views the page
   * server renders into the host page. Also its own entry, `plugins/<id>/firstView.tsx`, which the
   * host's catalogue loads without the rest of the plugin.
   */
  firstView?: FirstViewDeclaration
  /**
   * Custom link components (header spec §3 `customComponent`) that brands can put in link menus, by
   * name: `{ languageLinks: { load: () => import('./parts/LanguageLinks'), options: schema } }`. Each
   * is registered as `<plugin id>.<name>` while the plugin runs, and removed when it stops, fails to
   * start or is hidden.
   */
  linkComponents?: Readonly<Record<string, LinkComponentContribution>>
  events?: EventHandlers
  /**
   * The plugin's own analytics: each event it raises that the tag manager hears, with its payloads.
   * The kernel registers them under the plugin's id while it runs (a plugin switched off reports
   * nothing) and makes them live while a sink is installed (`analyticsSink`, the analytics plugin).
   * One handler per event type.
   */
  analytics?: readonly AnalyticsHandler[]
  /**
   * Where every analytics payload goes (the tag manager): installed on the kernel's relay after the
   * plugin's services exist, removed when it stops. One plugin at most (the analytics plugin); what
   * was pushed before it started is handed over then.
   */
  analyticsSink?: (ctx: PluginContext<Options>) => AnalyticsPort
  /**
   * What the plugin adds to the kernel's HTTP client. The kernel installs it after the plugin's
   * services exist (before its start hook) and removes it when the plugin stops or fails to start.
   */
  http?: HttpContribution<Options>
  /** Runs once after the plugin's services exist; may return a clean-up. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a start hook may return nothing or a clean-up
  start?: (ctx: PluginContext<Options>) => void | (() => void)
}

/** Identity function that gives a plugin object its type (no runtime work: the manifest stays a plain object). */
export function definePlugin<Options = undefined, OptionsInput = unknown>(
  manifest: PluginManifest<Options, OptionsInput>,
): PluginManifest<Options, OptionsInput> {
  return manifest
}

// biome-ignore lint/suspicious/noExplicitAny: a list of plugins mixes option types
export type AnyPlugin = PluginManifest<any, any>
