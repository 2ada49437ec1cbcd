import { Component, createContext, type ReactNode, Suspense, useCallback, useContext, useMemo } from 'react'
import { errorMessage } from '../bus/errorMessage'
import type { KernelEvents, KernelFault } from '../bus/events'
import { useKernelScopeHandle } from './KernelProvider'

/** Which plugin's contribution is rendering, and that plugin's options from the brand configuration. */
const PluginContext = createContext<{ pluginId: string; options: unknown }>({
  pluginId: 'host',
  options: undefined,
})

/** The id of the plugin whose slot content is rendering (for spans, logs and analytics). */
export const usePluginId = () => useContext(PluginContext).pluginId

/**
 * The rendering plugin's options, as its manifest's `options` schema decoded them from the brand
 * configuration (the same value its services and start hook get as `ctx.options`). The type is
 * the caller's claim: pass the plugin's own options type.
 */
export const usePluginOptions = <Options,>(): Options => useContext(PluginContext).options as Options

/**
 * Emits on the kernel bus as the plugin whose slot content is rendering (its id is the envelope's
 * `source`), so components never hard-code a plugin id. (Here rather than in KernelProvider, which
 * the first paint's entry imports: this file is not needed before plugins render.)
 */
export function useEmit(): <K extends keyof KernelEvents>(type: K, payload: KernelEvents[K]) => void {
  const handle = useKernelScopeHandle()
  const pluginId = usePluginId()
  // A part live before the kernel: what it raises goes to the bus as soon as the kernel starts.
  return useCallback(
    (type, payload) => handle.whenAttached((kernel) => kernel.bus.emit(type, payload, pluginId)),
    [handle, pluginId],
  )
}

interface Props {
  pluginId: string
  /** The plugin's decoded options, for usePluginOptions(). */
  options?: unknown
  slot: string
  onFault: (fault: KernelFault) => void
  children: ReactNode
  fallback?: ReactNode
  /** Shown while a lazy contribution's code loads (its `placeholder`); nothing when absent. */
  loading?: ReactNode
}

class SlotErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    const loading = /dynamically imported module|Loading chunk|import/i.test(errorMessage(error))
    this.props.onFault({
      code: loading ? 'SLOT_LOAD_FAILED' : 'SLOT_RENDER_FAILED',
      pluginId: this.props.pluginId,
      message: `Plugin '${this.props.pluginId}' ${loading ? 'could not load' : 'crashed while rendering'} slot '${this.props.slot}': ${errorMessage(error)}`,
      error,
    })
  }
  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children
  }
}

/**
 * Wraps one plugin's contribution to a slot (Backstage's ExtensionBoundary): Suspense for lazy code,
 * an error boundary so a crash hides only that contribution, and a context naming the plugin.
 */
export function PluginBoundary(props: Props) {
  const { pluginId, options } = props
  const value = useMemo(() => ({ pluginId, options }), [pluginId, options])
  return (
    <PluginContext.Provider value={value}>
      <SlotErrorBoundary {...props}>
        <Suspense fallback={props.loading ?? props.fallback ?? null}>{props.children}</Suspense>
      </SlotErrorBoundary>
    </PluginContext.Provider>
  )
}
