import type { LogEnvironment } from '../../contracts/logRecord'
import { PLUGIN_ABOUT } from '../../contracts/pluginAbout'
import { loggerRef } from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { consentRef, type HeaderContext, headerContextRef } from '../../kernel/services/kernelRefs'
import { provide } from '../../kernel/services/serviceRef'
import { agentSink } from './agentSink'
import { captureErrors } from './captureErrors'
import { apiFailureInput, kernelFaultInput } from './classify'
import { createLogger } from './createLogger'
import { createMonitoringAgent } from './monitoringAgent'
import { deviceType, readCookie } from './pageReaders'

/**
 * Logging (nav spec §3, §6, §8): records of the spec's shape for API failures, kernel faults (with
 * the plugin id), console errors, uncaught errors and unhandled rejections, sent to the monitoring
 * agent (and to OTLP once telemetry is installed).
 */
export default definePlugin({
  id: 'logging',
  about: PLUGIN_ABOUT.logging,
  services: [
    provide(loggerRef, { ctx: headerContextRef }, ({ ctx }) =>
      // Bound before the console capture replaces console.error, so logging's own failures print once.
      createLogger(() => environment(ctx), console.error.bind(console)),
    ),
  ],
  events: {
    'kernel:fault': (e, ctx) => ctx.get(loggerRef).log(kernelFaultInput(e.payload)),
    'http:failure': (e, ctx) => ctx.get(loggerRef).log(apiFailureInput(e.payload)),
    // The emitting plugin is named in the record, so monitoring can filter a page load's logs by it
    // (the console's page loads); a kernel fault names its plugin as `pluginId` already.
    'log:record': (e, ctx) =>
      ctx
        .get(loggerRef)
        .log({ ...e.payload, additionalInfo: { pluginId: e.source, ...e.payload.additionalInfo } }),
    // Records go to OTLP too once the host has installed telemetry (last moments replayed).
    'telemetry:installed': (e, ctx) => {
      ctx.get(loggerRef).addSink(e.payload.logSink)
    },
  },
  start: (ctx) => {
    const logger = ctx.get(loggerRef)
    // Gated on the page's consent state: analytical (c1) allowed, or nothing reaches the agent.
    const agent = createMonitoringAgent(undefined, { consent: ctx.get(consentRef) })
    const removeSink = logger.addSink(agentSink(agent))
    const capture = captureErrors(window, (input) => logger.log(input))
    return () => {
      capture.uninstall()
      removeSink()
      agent.stop()
    }
  },
})

function environment(ctx: HeaderContext): LogEnvironment {
  return {
    brand: ctx.brand,
    lang: ctx.lang,
    correlationId: ctx.correlationId,
    cookies: readCookie,
    sessionCartGuid: sessionStorageItem('cartGuid'),
    currentPageUrl: window.location.href,
    referrer: document.referrer,
    deviceType: deviceType(window),
    location: window.location.pathname,
    now: () => new Date(),
  }
}

function sessionStorageItem(key: string): string | undefined {
  try {
    return window.sessionStorage.getItem(key) ?? undefined
  } catch {
    return undefined // storage can be blocked; the record simply lacks the value
  }
}
