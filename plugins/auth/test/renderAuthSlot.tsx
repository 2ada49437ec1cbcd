/**
 * Renders an auth slot component the way the shell does: inside a started test kernel that provides
 * the fake session, in a root carrying the brand (as the shell's root does), with a matchMedia that
 * answers the mobile breakpoint as asked (jsdom has none).
 */
import { render } from '@testing-library/react'
import type { ComponentType } from 'react'
import * as v from 'valibot'
import { type ShopperAccount, shopperAccountRef } from '../../../contracts/serviceRefs'
import type { SiteConfig } from '../../../contracts/siteConfig'
import { type AnyPlugin, definePlugin } from '../../../kernel/plugin/definePlugin'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { PluginBoundary } from '../../../kernel/react/PluginBoundary'
import type { HeaderContext } from '../../../kernel/services/kernelRefs'
import { headerContextRef, httpRef } from '../../../kernel/services/kernelRefs'
import { bindService } from '../../../kernel/services/serviceBinding'
import { provide } from '../../../kernel/services/serviceRef'
import { createTestKernel } from '../../../test/createTestKernel'
import { agentProfileRef, createAgentProfile } from '../agent/agentProfile'
import { AuthOptionsSchema } from '../authOptions'
import { authSessionRef } from '../authRefs'
import { createLoginContent, loginContentRef } from '../loginContent'
import { createLoginFlyoutRequests, loginFlyoutRef } from '../loginFlyoutRequests'
import { createSiteNotices, siteNoticesRef } from '../siteNotices'
import { createFakeAuthSession, type FakeAuthSession } from './fakeAuthSession'

export function stubMatchMedia(mobile: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: /max-width:\s*991px/.test(query) ? mobile : false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia
}

export interface RenderAuthOptions {
  session?: FakeAuthSession
  context?: Partial<HeaderContext>
  siteConfig?: Partial<SiteConfig>
  mobile?: boolean
  /** The auth plugin's options as a brand file sets them (authOptions.ts); the defaults when left out. */
  pluginOptions?: v.InferInput<typeof AuthOptionsSchema>
  /** Other plugins running beside auth (the shell, for its custom link components). */
  plugins?: AnyPlugin[]
  /** The shopper's account (customer data) as the auth plugin shares it; none by default. */
  account?: ShopperAccount
}

export function renderAuthSlots(components: ComponentType[], options: RenderAuthOptions = {}) {
  stubMatchMedia(options.mobile ?? false)
  const session = options.session ?? createFakeAuthSession()
  // The real manifest's slot-facing parts (plugins/auth/index.ts), with the fake session.
  const plugin = definePlugin({
    id: 'auth',
    options: AuthOptionsSchema,
    services: [
      provide(authSessionRef, {}, () => session),
      provide(loginFlyoutRef, {}, createLoginFlyoutRequests),
      provide(loginContentRef, { http: httpRef, context: headerContextRef }, ({ http, context }) =>
        createLoginContent({ http, lang: context.lang }),
      ),
      provide(siteNoticesRef, { http: httpRef }, ({ http }) => createSiteNotices({ http, log: () => {} })),
      provide(agentProfileRef, { http: httpRef }, ({ http }) => createAgentProfile({ http, log: () => {} })),
    ],
    events: { 'auth:openLoginFlyout': (e, ctx) => ctx.get(loginFlyoutRef).request(e.payload.tab) },
  })
  const { kernel, faults } = createTestKernel(
    [...(options.plugins ?? []), { manifest: plugin, options: options.pluginOptions }],
    {
      ...(options.context ? { context: options.context } : {}),
      ...(options.siteConfig ? { siteConfig: options.siteConfig } : {}),
      ...(options.account ? { services: [bindService(shopperAccountRef, options.account)] } : {}),
    },
  )
  const brand = options.context?.brand ?? 'usb2c'
  // What the kernel hands the plugin's slots (usePluginOptions): the options decoded by its schema.
  const pluginOptions = v.parse(AuthOptionsSchema, options.pluginOptions)
  const result = render(
    <KernelProvider kernel={kernel}>
      <div data-brand={brand}>
        {components.map((Component, i) => (
          <PluginBoundary
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of slots
            key={i}
            pluginId="auth"
            options={pluginOptions}
            slot="test"
            onFault={kernel.reportFault}
          >
            <Component />
          </PluginBoundary>
        ))}
      </div>
    </KernelProvider>,
  )
  return { ...result, session, kernel, faults }
}
