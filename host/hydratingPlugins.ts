/**
 * The plugins whose first view draws parts with their live components (`parts`), which the browser
 * hydrates before the kernel: the build groups what those parts need apart from start-up
 * (vite.config.ts reads this list; it cannot load the plugins' code), so they never wait for it.
 * host/catalogue.test.ts checks the list against the first views.
 */
export const HYDRATING_PLUGINS: readonly string[] = ['auth', 'consent', 'loyalty', 'nav', 'search']
