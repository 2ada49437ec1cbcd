import { createServiceRef } from '../../kernel/services/serviceRef'
import type { SearchService } from './searchService'

/**
 * The search service's ref, in a module of its own: the search part, live before the kernel, asks
 * for the service by it without carrying the service's code (RxJS) on its way.
 */
export const searchRef = createServiceRef<SearchService>('search.results')
