import { PLUGIN_ABOUT } from '../../contracts/pluginAbout'
import { alertMeRef, geocodeRef } from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { provide } from '../../kernel/services/serviceRef'
import { createAlertMe } from './alertMe'
import { createGeocode } from './geocode'

/**
 * Content calls the header makes for the page around it, which page code asks for through
 * `window.oneHeader` (refs in contracts/serviceRefs.ts): "notify me" (header spec §7 alert/alertMe,
 * `alertMe`) and "maps geocode" (header spec §7, `geocode`). No slots: nothing of it is on screen.
 */
export default definePlugin({
  id: 'content',
  about: PLUGIN_ABOUT.content,
  services: [
    provide(alertMeRef, { http: httpRef, context: headerContextRef }, ({ http, context }) =>
      createAlertMe(http, context.lang),
    ),
    provide(geocodeRef, { http: httpRef, context: headerContextRef }, ({ http, context }) =>
      createGeocode(http, context.lang),
    ),
  ],
})
