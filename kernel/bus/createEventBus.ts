import mitt from 'mitt'
import { errorMessage } from './errorMessage'

export { errorMessage }

import type { Envelope, KernelEvents, KernelFault } from './events'

export type EventHandler<K extends keyof KernelEvents> = (envelope: Envelope<K>) => void

/** The typed event bus every plugin talks through. */
export interface EventBus {
  /** Emits `type` with `payload`; `source` names the emitter (a plugin id, 'host' or 'kernel'). */
  emit<K extends keyof KernelEvents>(type: K, payload: KernelEvents[K], source: string): void
  /** Subscribes; `owner` is the plugin id reported if the handler throws. Returns an unsubscribe. */
  on<K extends keyof KernelEvents>(type: K, handler: EventHandler<K>, owner: string): () => void
  /** Subscribes to every event (analytics, logging). */
  onAny(handler: (envelope: Envelope) => void, owner: string): () => void
}

export interface EventBusOptions {
  correlationId: () => string
  /** Told about every handler that threw. Must not throw itself (it is guarded anyway). */
  onFault: (fault: KernelFault) => void
  now?: () => number
}

/**
 * A mitt bus whose handlers are each wrapped: one throwing handler never stops the others, and its
 * failure is reported with the owning plugin's id (mitt itself does not catch).
 */
export function createEventBus({ correlationId, onFault, now = Date.now }: EventBusOptions): EventBus {
  const emitter = mitt<Record<string, Envelope>>()

  const report = (owner: string, type: string, error: unknown) => {
    // A handler of 'kernel:fault' that throws must not re-enter reporting forever.
    if (type === 'kernel:fault') return
    try {
      onFault({
        code: 'EVENT_HANDLER_FAILED',
        pluginId: owner,
        message: `Plugin '${owner}' threw while handling event '${type}': ${errorMessage(error)}`,
        error,
      })
    } catch {
      // The reporter is the last line; nothing more to do without risking a loop.
    }
  }

  const guard =
    (owner: string, handler: (e: Envelope) => void) =>
    (envelope: Envelope): void => {
      try {
        handler(envelope)
      } catch (error) {
        report(owner, envelope.type, error)
      }
    }

  return {
    emit(type, payload, source) {
      const envelope = { type, payload, source, correlationId: correlationId(), ts: now() } as Envelope
      emitter.emit(type as string, envelope)
    },
    on(type, handler, owner) {
      const wrapped = guard(owner, handler as (e: Envelope) => void)
      emitter.on(type as string, wrapped)
      return () => emitter.off(type as string, wrapped)
    },
    onAny(handler, owner) {
      const wrapped = guard(owner, handler)
      const star = (_type: string, envelope: Envelope) => wrapped(envelope)
      emitter.on('*', star)
      return () => emitter.off('*', star)
    },
  }
}
