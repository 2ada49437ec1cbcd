/**
 * Starts the real auth manifest (plugins/auth/index.ts) through the kernel's registry, around fakes:
 * the kernel's services (bus, HTTP client, cookies, header context, logger) are the test's, and the
 * browser's side comes from `environment` (authEnvironment.ts). The kernel then creates every
 * declared service in order, installs the token port and agent headers, subscribes the handlers and
 * runs the start hook, exactly as on a page; `stop()` disposes of it all again.
 */
import type * as v from 'valibot'
import { agentSessionRef, type Logger, loggerRef } from '../../../contracts/serviceRefs'
import { createAnalyticsRelay } from '../../../kernel/analytics/analyticsPort'
import type { EventBus } from '../../../kernel/bus/createEventBus'
import type { KernelFault } from '../../../kernel/bus/events'
import type { CookieWriter } from '../../../kernel/config/cookieWriter'
import type { KernelHttpClient } from '../../../kernel/http/createHttpClient'
import type { AnyPlugin } from '../../../kernel/plugin/definePlugin'
import { startPlugins } from '../../../kernel/registry/startPlugins'
import {
  busRef,
  cookiesRef,
  type HeaderContext,
  headerContextRef,
  httpRef,
} from '../../../kernel/services/kernelRefs'
import { createServiceContainer, provide } from '../../../kernel/services/serviceRef'
import { createRecordingAnalytics } from '../../../test/fakes/recordingAnalytics'
import { type AuthEnvironmentChoices, authEnvironment } from '../authEnvironment'
import type { AuthOptionsSchema } from '../authOptions'
import { type AuthSession, authSessionRef } from '../authRefs'
import { authEnvironmentRef, authStartupRef, signInRef, tokenRefresherRef } from '../authServices'
import authPlugin from '../index'
import type { SignInFlows } from '../session/signIn'
import type { TokenRefresher } from '../tokens/createTokenRefresher'

export interface AuthPluginFakes {
  /** The kernel's client: the plugin's token port and rest headers are installed on it. */
  http: KernelHttpClient
  bus: EventBus
  cookies: CookieWriter
  context: HeaderContext
  /** The logging plugin's logger; left out, as when logging is switched off. */
  logger?: Logger
  environment?: AuthEnvironmentChoices
  options?: v.InferInput<typeof AuthOptionsSchema>
}

/** The public session plus what a test reads from the plugin's other services. */
export interface AuthPluginUnderTest extends AuthSession {
  /** Start-up's end (authStartupRef). */
  readonly ready: Promise<void>
  /** The token port the kernel installed (tokenRefresherRef). */
  readonly tokenPort: TokenRefresher
  /** agentSessionRef, as other plugins read it. */
  isAgent(): boolean
  startAgentSession: SignInFlows['startAgentSession']
  /** Stops the plugin: the kernel disposes of its services and takes out its handlers. */
  dispose(): void
}

/**
 * The manifest with its environment declaration replaced. The environment is one declared service,
 * so a test swaps that declaration rather than the plugin growing a test-only option.
 */
export function withEnvironment(manifest: AnyPlugin, choices: AuthEnvironmentChoices): AnyPlugin {
  return {
    ...manifest,
    services: (manifest.services ?? []).map((service) =>
      service.ref === authEnvironmentRef
        ? provide(authEnvironmentRef, { context: headerContextRef }, ({ context }) =>
            authEnvironment(context, choices),
          )
        : service,
    ),
  }
}

export function startAuthPlugin(fakes: AuthPluginFakes) {
  const services = createServiceContainer()
  services.set(busRef, fakes.bus)
  // As the kernel does (kernel/createKernel.ts): plugins get calls only.
  services.set(httpRef, { request: (req) => fakes.http.request(req) })
  services.set(cookiesRef, fakes.cookies)
  services.set(headerContextRef, fakes.context)
  if (fakes.logger) services.set(loggerRef, fakes.logger)
  const faults: KernelFault[] = []
  const analytics = createRecordingAnalytics()
  const running = startPlugins(
    [{ manifest: withEnvironment(authPlugin, fakes.environment ?? {}), options: fakes.options }],
    {
      brand: fakes.context.brand,
      bus: fakes.bus,
      services,
      http: fakes.http,
      analytics: createAnalyticsRelay({ observer: analytics.port }),
      onFault: (fault) => faults.push(fault),
    },
  )
  if (faults.length > 0) throw new Error(`auth did not start: ${faults.map((f) => f.message).join('; ')}`)
  const session = services.get(authSessionRef)
  const auth: AuthPluginUnderTest = {
    ...session,
    ready: services.get(authStartupRef).ready,
    tokenPort: services.get(tokenRefresherRef),
    isAgent: services.get(agentSessionRef),
    startAgentSession: services.get(signInRef).startAgentSession,
    dispose: () => running.stop(),
  }
  return { auth, services, running, pushed: analytics.pushed }
}
