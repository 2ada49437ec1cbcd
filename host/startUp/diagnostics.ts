import type { KernelFault } from '../../kernel/bus/events'
import type { HttpError } from '../../kernel/http/httpError'
import type { Kernel } from '../../kernel/kernel'

/**
 * Where start-up reports what goes wrong, before and after the kernel exists: each fault and failed
 * call goes to the console at once (`[one-header] CODE plugin=ID correlationId=…: message`); failed
 * calls also go to the bus (`http:failure`, for the logging plugin), those made before the kernel
 * existed as soon as it does.
 */
export function createDiagnostics(correlationId: string, out: Pick<Console, 'error' | 'warn'> = console) {
  const faults: KernelFault[] = []
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
      else early.push(error)
      out.warn(
        `[one-header] API ${error.class} ${error.method} ${error.path} status=${error.status ?? '-'} correlationId=${error.correlationId}: ${error.message}`,
      )
    },
    /** From now on failed calls go to this kernel's bus; those made before it existed go first. */
    attach(running: Kernel) {
      kernel = running
      for (const error of early.splice(0)) running.bus.emit('http:failure', error, 'kernel')
    },
  }
}

export type Diagnostics = ReturnType<typeof createDiagnostics>
