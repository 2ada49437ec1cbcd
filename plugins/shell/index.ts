import { contentSlotsRef } from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import { cookiesRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { provide } from '../../kernel/services/serviceRef'
import { createContentSlots } from './contentSlots'
import { PAGE_COOKIES, pageCookies } from './pageCookies'
import { type ShellOptions, shellOptionsRef } from './shellOptions'
import { Logo } from './slots/Logo'
import { MiniCartLink } from './slots/MiniCartLink'

export { type ShellOptions, shellOptionsRef }

/**
 * The shell plugin: the header's own parts (header spec §1-§3) — the logo, the cart link, the modal
 * layers and the three rows the shell owns: the top row (skip link, app banner, global notification),
 * the utility row (free shipping with its terms, the support link, EN | FR with the language cookie)
 * and the promotion row, with the CMS renderer of the rows' content and its script policy (`cms/`),
 * the content slots by position other plugins read (`contentSlotsRef`) and the page's cookies. Its
 * parts are drawn once (firstView.tsx); the host's frame lays them out. It runs on every page, with
 * the brand file's `shell` block as its options: the logo and the dialogs' layers are the header
 * itself, and what a brand shows of the rows is in that block and the site configuration.
 */
export const createShellPlugin = (options: ShellOptions) =>
  definePlugin({
    id: 'shell',
    about: {
      name: 'Shell',
      shows:
        'The logo, the cart link, the app banner, the global notification, free shipping, the support link, EN | FR and the promotion row',
      owner: 'Header platform team',
      calls: ['cms/content-slots', 'cms/components'],
    },
    services: [
      provide(shellOptionsRef, {}, () => options),
      provide(contentSlotsRef, { http: httpRef, context: headerContextRef }, ({ http, context }) =>
        createContentSlots(http, context.lang),
      ),
    ],
    // The logo and the cart fill slots of their own; the rows' controls (the notification, free
    // shipping, support, languages) are drawn by the rows (slots/ShellRows.tsx), whose slots stay
    // open to other plugins.
    slots: {
      'header.logo': eagerSlot(Logo),
      'header.cart': eagerSlot(MiniCartLink),
    },
    // Custom link components (header spec §3) brands can put in their link menus: 'shell.languageLinks'.
    linkComponents: { languageLinks: { load: () => import('./slots/LanguageLinks') } },
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
 * The shell as the kernel runs it (the host starts it first, host/startUp/startKernel.ts): its options
 * are the brand's `shell` block, which its parts drawn once (the logo) read as plugin options, the
 * same before the kernel (the served state) and after.
 */
export const shellPluginEntry = (options: ShellOptions) => ({ manifest: createShellPlugin(options), options })
