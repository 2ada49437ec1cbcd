import { PLUGIN_ABOUT } from '../../contracts/pluginAbout'
import { loggerRef } from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import { headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { type ProvidingPlugin, provide } from '../../kernel/services/serviceRef'
import { searchAnalytics } from './analytics'
import firstView from './firstView'
import { type SearchOptions, SearchOptionsSchema } from './searchOptions'
import { createSearchService, searchRef } from './searchService'
import SearchSlot from './slots/SearchSlot'

/**
 * Search box with suggestions and product tiles (header spec §2 search box, nav spec §2 search
 * suggestion flyout). The box ships with the plugin; the flyout loads the first time it opens.
 * Brand differences (currency, image suffix, French product links) are its options: searchOptions.ts.
 */
export default definePlugin({
  id: 'search',
  about: PLUGIN_ABOUT.search,
  options: SearchOptionsSchema,
  services: [
    provide(
      searchRef,
      { http: httpRef, context: headerContextRef },
      ({ http, context }, { options }: ProvidingPlugin<SearchOptions>) =>
        createSearchService({ http, lang: context.lang, options }),
    ),
  ],
  firstView,
  slots: { 'header.search': eagerSlot(SearchSlot) },
  events: {
    logout: (_e, ctx) => ctx.get(searchRef).reset(),
  },
  analytics: searchAnalytics,
  start: (ctx) => {
    const search = ctx.get(searchRef)
    const { correlationId } = ctx.get(headerContextRef)
    // With logging switched off for a brand, the console line is the only record.
    const problems = search.problems$.subscribe((message) => {
      console.warn(`[one-header] search correlationId=${correlationId}: ${message}`)
      ctx
        .optional(loggerRef)
        ?.log({ logType: 'ERROR', logCategory: 'LOW', eventType: 'SEARCH_DECODE', message })
    })
    return () => {
      problems.unsubscribe()
      search.dispose()
    }
  },
})
