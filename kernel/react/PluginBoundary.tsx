import { Component, createContext, type ReactNode, Suspense, useContext } from 'react'
import { errorMessage } from '../bus/createEventBus'
import type { KernelFault } from '../bus/events'

const PluginIdContext = createContext<string>('host')

/** The id of the plugin whose slot content is rendering (for spans, logs and analytics). */
export const usePluginId = () => useContext(PluginIdContext)

interface Props {
  pluginId: string
  slot: string
  onFault: (fault: KernelFault) => void
  children: ReactNode
  fallback?: ReactNode
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
  return (
    <PluginIdContext.Provider value={props.pluginId}>
      <SlotErrorBoundary {...props}>
        <Suspense fallback={props.fallback ?? null}>{props.children}</Suspense>
      </SlotErrorBoundary>
    </PluginIdContext.Provider>
  )
}
