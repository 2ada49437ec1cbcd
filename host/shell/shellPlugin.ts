import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import { linkComponentsRef } from '../../kernel/services/kernelRefs'
import { provide } from '../../kernel/services/serviceRef'
import { FreeShipping } from './parts/FreeShipping'
import { GlobalNotification } from './parts/GlobalNotification'
import { LanguageSelector } from './parts/LanguageSelector'
import { Logo } from './parts/Logo'
import { MiniCartLink } from './parts/MiniCartLink'
import { SupportLink } from './parts/SupportLink'
import { type ShellOptions, shellOptionsRef } from './shellOptions'

/** The parts the shell owns, contributed like any plugin's but eager: they are the first paint. */
export const createShellPlugin = (options: ShellOptions) =>
  definePlugin({
    id: 'shell',
    services: [provide(shellOptionsRef, {}, () => options)],
    slots: {
      'header.notification': eagerSlot(GlobalNotification),
      'header.freeShipping': eagerSlot(FreeShipping),
      'header.logo': eagerSlot(Logo),
      'header.support': eagerSlot(SupportLink),
      'header.language': eagerSlot(LanguageSelector),
      'header.cart': eagerSlot(MiniCartLink),
    },
    // Custom link components (header spec §3) brands can put in their link menus.
    start: (ctx) =>
      ctx.get(linkComponentsRef).register(ctx.pluginId, 'shell.languageLinks', {
        load: () => import('./parts/LanguageLinks'),
      }),
  })
