import { alertMeRef } from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { provide } from '../../kernel/services/serviceRef'
import { createAlertMe } from './alertMe'

/**
 * Content calls the header makes for the page around it: "notify me" (header spec §7 alert/alertMe),
 * which page code asks for through `window.oneHeader.alertMe` (contracts/serviceRefs.ts alertMeRef).
 * No slots: nothing of it is on screen.
 */
export default definePlugin({
  id: 'content',
  services: [
    provide(alertMeRef, { http: httpRef, context: headerContextRef }, ({ http, context }) =>
      createAlertMe(http, context.lang),
    ),
  ],
})
