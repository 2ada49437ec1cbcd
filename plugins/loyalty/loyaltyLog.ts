import type { Logger } from '../../contracts/serviceRefs'
import { createPluginLog, type PluginLog } from '../../kernel/logging/pluginLog'

/** Writes one loyalty or newsletter problem with the page's correlation id and the call's. */
export type LoyaltyLog = PluginLog

/** The loyalty plugin's log (kernel/logging/pluginLog.ts): messages start with "loyalty: ". */
export const createLoyaltyLog = (logger: Logger | undefined, correlationId: string): LoyaltyLog =>
  createPluginLog('loyalty', logger, correlationId)
