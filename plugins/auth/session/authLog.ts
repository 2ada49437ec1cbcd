import type { Logger } from '../../../contracts/serviceRefs'
import { createPluginLog, type PluginLog } from '../../../kernel/logging/pluginLog'

/** Writes one account-layer problem with the page's correlation id (and the call's, for HTTP errors). */
export type AuthLog = PluginLog

/** The auth plugin's log (kernel/logging/pluginLog.ts): messages start with "auth: ". */
export const createAuthLog = (logger: Logger | undefined, correlationId: string): AuthLog =>
  createPluginLog('auth', logger, correlationId)
