import type { LogInput } from '../../contracts/logRecord'
import { consoleErrorInput, uncaughtInput } from './classify'

const OWN_PREFIX = '[one-header]'

/**
 * Reports what goes wrong anywhere on the page: `console.error` calls (then passes them on),
 * uncaught errors, and unhandled promise rejections (whose default report is prevented, nav spec §8).
 * Returns the uninstall and the console's original error function.
 */
export function captureErrors(
  win: Window,
  log: (input: LogInput) => void,
): { uninstall: () => void; originalConsoleError: (...args: unknown[]) => void } {
  const console = (win as Window & typeof globalThis).console
  const original = console.error.bind(console)
  const patched = (...args: unknown[]) => {
    original(...args)
    // The header's own '[one-header] …' lines are already logged through their own, richer path.
    if (typeof args[0] === 'string' && args[0].startsWith(OWN_PREFIX)) return
    log(consoleErrorInput(args))
  }
  console.error = patched
  const onError = (event: ErrorEvent) => log(uncaughtInput(event.error ?? event.message, 'error'))
  const onRejection = (event: PromiseRejectionEvent) => {
    event.preventDefault()
    log(uncaughtInput(event.reason, 'unhandledrejection'))
  }
  win.addEventListener('error', onError)
  win.addEventListener('unhandledrejection', onRejection)
  return {
    originalConsoleError: original,
    uninstall: () => {
      if (console.error === patched) console.error = original
      win.removeEventListener('error', onError)
      win.removeEventListener('unhandledrejection', onRejection)
    },
  }
}
