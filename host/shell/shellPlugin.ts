import { contentSlotsRef } from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import { cookiesRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { provide } from '../../kernel/services/serviceRef'
import { createContentSlots } from '../data/contentSlots'
import { PAGE_COOKIES, pageCookies } from './pageCookies'
import { Logo } from './parts/Logo'
import { MiniCartLink } from './parts/MiniCartLink'
import { type ShellOptions, shellOptionsRef } from './shellOptions'

/** The parts the shell owns, contributed like any plugin's but eager: they are the first paint. */
export const createShellPlugin = (options: ShellOptions) =>
  definePlugin({
    id: 'shell',
    services: [
      provide(shellOptionsRef, {}, () => options),
      provide(contentSlotsRef, { http: httpRef, context: headerContextRef }, ({ http, context }) =>
        createContentSlots(http, context.lang),
      ),
    ],
    // The logo and the cart fill slots of their own; the rows' controls (the notification, free
    // shipping, support, languages) are drawn by the rows (parts/ShellRows.tsx), whose slots stay
    // open to other plugins.
    slots: {
      'header.logo': eagerSlot(Logo),
      'header.cart': eagerSlot(MiniCartLink),
    },
    // Custom link components (header spec §3) brands can put in their link menus: 'shell.languageLinks'.
    linkComponents: { languageLinks: { load: () => import('./parts/LanguageLinks') } },
    start: (ctx) => {
      // The page's cookies (header spec §3): current page, recent products, brewer registration.
      const cookies = ctx.get(cookiesRef)
      const { location } = ctx.get(headerContextRef)
      for (const write of pageCookies(location, cookies.get(PAGE_COOKIES.recentProducts)))
        cookies.set(
          write.name,
          write.value,
          write.expiresDays === undefined ? {} : { expiresDays: write.expiresDays },
        )
    },
  })

/**
 * The shell as the kernel runs it: its options are the brand's `shell` block, which its parts drawn
 * once (the logo) read as plugin options, the same before the kernel (the served state) and after.
 */
export const shellPluginEntry = (options: ShellOptions) => ({ manifest: createShellPlugin(options), options })
