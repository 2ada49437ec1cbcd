import type { EventBus } from './bus/createEventBus'
import type { KernelFault } from './bus/events'
import type { KernelPlugins } from './registry/latePlugins'
import type { ServiceLookup } from './services/serviceRef'

/** What the React layer needs of a started header: the bus, services, slot contributions, faults. */
export interface Kernel {
  readonly brand: string
  readonly lang: 'en' | 'fr'
  readonly correlationId: string
  readonly bus: EventBus
  readonly services: ServiceLookup
  readonly plugins: KernelPlugins
  /** Reports a fault caught outside the registry (a slot that crashed). */
  reportFault(fault: KernelFault): void
}
