import type { KernelFault } from '../../kernel/bus/events'
import type { HttpError } from '../../kernel/http/httpError'
import type { Kernel } from '../../kernel/kernel'

/**
 * Where start-up reports what goes wrong, before and after the kernel exists: each fault and failed
 * call goes to the console at once (`[one-header] CODE plugin=ID correlationId=…: message`); failed
 * calls also go to the bus (`http:failure`, for the logging plugin). The bus keeps nothing for a
 * handler that subscribes later, and the logging plugin may start after the kernel (its code late:
 * always so under the page server's first view), so failed calls are held until every plugin the
 * kernel expects has started or been given up, then sent in order; later ones go at once. A failed
 * start-up call is an error record whatever the header showed instead (navigation spec §8).
 */
/** Failed calls held for the logging plugin at most: the last ones. */
const MAX_HELD = 50

export function createDiagnostics(correlationId: string, out: Pick<Console, 'error' | 'warn'> = console) {
  const faults: KernelFault[] = []
  /** The kernel, once its plugins (the logging plugin among them) are all in. */
  let kernel: Kernel | undefined
  const early: HttpError[] = []
  return {
    faults,
    fault(fault: KernelFault) {
      faults.push(fault)
      out.error(
        `[one-header] ${fault.code} plugin=${fault.pluginId} correlationId=${correlationId}: ${fault.message}`,
      )
    },
    httpFailure(error: HttpError) {
      if (kernel) kernel.bus.emit('http:failure', error, 'kernel')
      else if (early.push(error) > MAX_HELD) early.shift()
      out.warn(
        `[one-header] API ${error.class} ${error.method} ${error.path} status=${error.status ?? '-'} correlationId=${error.correlationId}: ${error.message}`,
      )
    },
    /** Failed calls go to this kernel's bus once its plugins are in; those held until then go first. */
    attach(running: Kernel) {
      void running.plugins.settled().then(() => {
        kernel = running
        for (const error of early.splice(0)) running.bus.emit('http:failure', error, 'kernel')
      })
    },
  }
}

export type Diagnostics = ReturnType<typeof createDiagnostics>
