import * as v from 'valibot'
import type { KernelFault } from '../bus/events'
import type { AnyPlugin } from '../plugin/definePlugin'
import { isLinkComponentName } from '../plugin/linkComponents'
import { isSlotName } from '../plugin/slots'

export interface PluginEntry {
  manifest: AnyPlugin
  /** Raw options from the brand configuration, decoded by the manifest's schema. */
  options?: unknown
}

export interface ValidPlugin {
  manifest: AnyPlugin
  options: unknown
}

const ID = /^[a-z][a-z0-9-]*$/

/**
 * Phase one: look at every plugin before starting any. Returns the plugins that may start and a
 * coded fault for each that may not; a plugin whose requirement is missing or invalid is dropped
 * too, transitively, so nothing starts half-wired.
 */
export function validatePlugins(
  entries: readonly PluginEntry[],
  context: {
    brand: string
    /** Plugins already running (a later batch may require them). */
    running?: ReadonlySet<string>
    /** Services already provided, by service id → plugin id. */
    provided?: ReadonlyMap<string, string>
    /** Plugins whose code is still loading: a plugin that needs one waits for it (`deferred`). */
    pending?: ReadonlySet<string>
  },
): { valid: ValidPlugin[]; deferred: PluginEntry[]; faults: KernelFault[] } {
  const faults: KernelFault[] = []
  const accepted = new Map<string, ValidPlugin>()
  const providedServices = new Map<string, string>(context.provided ?? [])
  const running = context.running ?? new Set<string>()
  const pending = context.pending ?? new Set<string>()
  const deferred: PluginEntry[] = []

  for (const { manifest, options } of entries) {
    const id = typeof manifest?.id === 'string' ? manifest.id : '(unnamed)'
    const fail = (code: KernelFault['code'], message: string) => faults.push({ code, pluginId: id, message })

    if (!manifest || typeof manifest !== 'object' || !ID.test(id)) {
      fail('PLUGIN_INVALID', `Plugin id '${id}' is invalid: use lower case letters, digits and dashes.`)
      continue
    }
    if (accepted.has(id) || running.has(id)) {
      fail(
        'PLUGIN_DUPLICATE_ID',
        `Plugin '${id}' is listed twice for brand '${context.brand}'; keep one entry.`,
      )
      continue
    }
    const badSlot = Object.keys(manifest.slots ?? {}).find((name) => !isSlotName(name))
    if (badSlot) {
      fail('PLUGIN_UNKNOWN_SLOT', `Plugin '${id}' contributes to unknown slot '${badSlot}'; see SLOT_NAMES.`)
      continue
    }
    const badLink = linkComponentProblem(id, manifest)
    if (badLink) {
      fail('PLUGIN_INVALID', badLink)
      continue
    }
    const badAnalytics = analyticsProblem(id, manifest)
    if (badAnalytics) {
      fail('PLUGIN_INVALID', badAnalytics)
      continue
    }
    const clash = (manifest.services ?? []).find((s) => providedServices.has(s.ref.id))
    if (clash) {
      fail(
        'PLUGIN_INVALID',
        `Plugin '${id}' provides service '${clash.ref.id}', already provided by '${providedServices.get(clash.ref.id)}'.`,
      )
      continue
    }
    let decoded: unknown = options
    if (manifest.options) {
      const result = v.safeParse(manifest.options, options)
      if (!result.success) {
        const issue = result.issues[0]
        const where = issue?.path?.map((p) => String(p.key)).join('.') || '(root)'
        fail(
          'PLUGIN_INVALID',
          `Plugin '${id}' has invalid options for brand '${context.brand}' at ${where}: ${issue?.message}`,
        )
        continue
      }
      decoded = result.output
    }
    for (const s of manifest.services ?? []) providedServices.set(s.ref.id, id)
    accepted.set(id, { manifest, options: decoded })
  }

  // One that starts after a plugin still loading waits for it (`after`; nothing is missing otherwise).
  // It is as good as loading for whoever requires it: they wait with it.
  const waiting = new Set(pending)
  for (const [id, plugin] of accepted) {
    if (!(plugin.manifest.after ?? []).some((a) => pending.has(a) && !accepted.has(a) && !running.has(a)))
      continue
    accepted.delete(id)
    waiting.add(id)
    deferred.push(entries.find((e) => e.manifest === plugin.manifest) ?? { manifest: plugin.manifest })
  }

  // Drop plugins whose requirements are absent, repeating until nothing changes (transitive); one
  // whose requirement is still loading waits for it.
  let changed = true
  while (changed) {
    changed = false
    for (const [id, plugin] of accepted) {
      const requires = plugin.manifest.requires ?? []
      const missing = requires.find((r) => !accepted.has(r) && !running.has(r) && !waiting.has(r))
      if (missing === undefined) {
        if (requires.some((r) => !accepted.has(r) && !running.has(r))) {
          accepted.delete(id)
          deferred.push(entries.find((e) => e.manifest === plugin.manifest) ?? { manifest: plugin.manifest })
          changed = true
        }
        continue
      }
      const wasRejected = faults.some((f) => f.pluginId === missing)
      faults.push({
        code: 'PLUGIN_MISSING_REQUIREMENT',
        pluginId: id,
        message: wasRejected
          ? `Plugin '${id}' needs '${missing}', which could not start for brand '${context.brand}'.`
          : `Plugin '${id}' needs '${missing}', which brand '${context.brand}' has switched off.`,
      })
      accepted.delete(id)
      changed = true
    }
  }
  return { valid: [...accepted.values()], deferred, faults }
}

/** Why the manifest's `linkComponents` cannot be registered, if it cannot. */
function linkComponentProblem(id: string, manifest: AnyPlugin): string | undefined {
  for (const [name, contribution] of Object.entries(manifest.linkComponents ?? {})) {
    if (!isLinkComponentName(name))
      return `Plugin '${id}' declares link component '${name}': a name is letters and digits, lower case first; the kernel registers it as '${id}.<name>'.`
    if (typeof contribution?.load !== 'function')
      return `Plugin '${id}' declares link component '${name}' without a load function; give it \`load: () => import('./…')\`.`
  }
  return undefined
}

/**
 * What is wrong with the manifest's analytics handlers, if anything: a list of `{ event, tags }`,
 * one per event type (two would report one occurrence twice; a plugin's payloads for one event
 * belong in one handler, which may return several).
 */
function analyticsProblem(id: string, manifest: AnyPlugin): string | undefined {
  const handlers: unknown = manifest.analytics
  if (handlers === undefined) return undefined
  if (!Array.isArray(handlers))
    return `Plugin '${id}' declares analytics that are not a list; give \`analytics: [{ event, tags }]\`.`
  const seen = new Set<string>()
  for (const handler of handlers as { event?: unknown; tags?: unknown }[]) {
    if (typeof handler?.event !== 'string' || handler.event === '' || typeof handler.tags !== 'function')
      return `Plugin '${id}' declares an analytics handler without an event name or a tags function; give \`{ event, tags }\`.`
    if (seen.has(handler.event))
      return `Plugin '${id}' declares two analytics handlers for event '${handler.event}'; keep one (it may return several payloads).`
    seen.add(handler.event)
  }
  return undefined
}
