import type { KernelFault } from '../../kernel/bus/events'
import type { Kernel } from '../../kernel/kernel'
import { consentRef } from '../../kernel/services/kernelRefs'
import { whenIdleAndQuiet } from '../../kernel/streams/streams'
import type { PageContext } from '../pageContext'

/** The pause in the shopper's input (keys, presses) the telemetry SDK waits for before it loads… */
const TELEMETRY_QUIET_MS = 1000
/** …at most this long after the header is complete: then at the next idle moment, busy or not. */
const TELEMETRY_MAX_WAIT_MS = 15_000

/**
 * Loads the OpenTelemetry SDK (its own chunk) once the header is complete, the browser is idle and
 * the shopper has paused (its code is one long task: never between two keystrokes). It replays what
 * the kernel buffered and exports from then on; `telemetry:installed` hands its log sink to whoever
 * keeps log records. A failure costs only telemetry. `onDone` says how it went.
 */
export function installTelemetryWhenQuiet(
  page: PageContext,
  correlationId: string,
  kernel: Kernel,
  win: Window,
  onDone: (installed: boolean) => void,
  /** The header's container and the faults start-up saw, for the real-user measures. */
  measures?: { container: Element; faults: readonly KernelFault[] },
): void {
  whenIdleAndQuiet(
    () => {
      import('../telemetry/installTelemetry')
        .then(({ installTelemetry }) => {
          const installed = installTelemetry({
            endpoint: page.hiddenInputs.otlpEndpoint ?? '',
            correlationId,
            brand: page.brand,
            lang: page.lang,
            consent: kernel.services.get(consentRef),
            ...(measures
              ? { measures: { ...measures, pluginsVersion: page.hiddenInputs.pluginsVersion ?? 'live' } }
              : {}),
          })
          kernel.bus.emit('telemetry:installed', { logSink: installed.logSink }, 'host')
          onDone(true)
        })
        .catch((error: unknown) => {
          console.warn('[one-header] telemetry could not start; the header runs without it:', error)
          onDone(false)
        })
    },
    { quietMs: TELEMETRY_QUIET_MS, maxWaitMs: TELEMETRY_MAX_WAIT_MS },
    win,
  )
}
