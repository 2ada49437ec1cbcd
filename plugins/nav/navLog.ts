import { createServiceRef } from '../../contracts/serviceRef'
import { loggerRef } from '../../contracts/serviceRefs'
import { createPluginLog, type PluginLog } from '../../kernel/logging/pluginLog'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import { optional, provide } from '../../kernel/services/serviceRef'

/** The navigation plugin's log (kernel/logging/pluginLog.ts): messages start with "nav: ". */
export const navLogRef = createServiceRef<PluginLog>('nav.log')

/** Made from the logging plugin's logger when the brand runs it (the console otherwise). */
export const navLogService = provide(
  navLogRef,
  { context: headerContextRef, logger: optional(loggerRef) },
  ({ context, logger }) => createPluginLog('nav', logger, context.correlationId),
)

/** What each log has written already: a problem of the CMS's content is written once per page. */
const written = new WeakMap<PluginLog, Set<string>>()

/**
 * Writes what the CMS asked of the items' look that the bar does not draw as asked (linkStyle.ts:
 * a colour below AA contrast, an icon the header does not have), each once.
 */
export function logStyleProblems(log: PluginLog, items: readonly { styleProblems?: readonly string[] }[]) {
  const seen = written.get(log) ?? new Set<string>()
  written.set(log, seen)
  for (const problem of items.flatMap((item) => item.styleProblems ?? [])) {
    if (seen.has(problem)) continue
    seen.add(problem)
    log('NAV_LINK_STYLE', problem, { logType: 'ERROR', logCategory: 'LOW' })
  }
}
