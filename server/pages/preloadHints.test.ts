// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { HeaderBundle } from './headerBundle'
import { preloadHints } from './preloadHints'

const bundle: HeaderBundle = {
  script: '/assets/main.js',
  preload: [],
  later: [],
  css: [],
  firstViewCss: {},
  chunks: { 'plugins/nav/index.ts': ['/assets/nav-1.js'], 'host/main.tsx': ['/assets/main.js'] },
  // As the build writes it from host/brands (dist/.vite/brands.json).
  brandPlugins: { usb2c: ['logging', 'nav', 'search', 'auth'], cab2c: ['logging', 'nav', 'search', 'auth'] },
}

describe('preload hints', () => {
  it('announces the three start-up CMS calls with the header client query order', () => {
    expect(preloadHints(bundle, { brand: 'cab2c', lang: 'fr', disabledPlugins: [] }).fetches).toEqual([
      '/rest/v2/cab2c/cms/siteConfig?lang=fr&pageLabelOrId=NAVIGATIONHEADER',
      '/rest/v2/cab2c/cms/pages?lang=fr&pageLabelOrId=oneHeader',
      '/rest/v2/cab2c/cms/content-slots/NavigationBarSlot?lang=fr',
    ])
  })

  it("announces the navigation's components call with the slot's uids, as the header's client asks for it", () => {
    const uids = ['BeveragesBarComponent', 'DealsBarComponent']
    expect(
      preloadHints(bundle, {
        brand: 'usb2c',
        lang: 'en',
        disabledPlugins: [],
        navigationUids: uids,
      }).fetches.at(-1),
    ).toBe(
      '/rest/v2/usb2c/cms/components?componentIds=BeveragesBarComponent,DealsBarComponent&pageSize=2&lang=en',
    )
    // No uids (an empty slot) or a uid that is not a plain CMS id: the header makes that call itself.
    expect(preloadHints(bundle, { brand: 'usb2c', lang: 'en', disabledPlugins: [] }).fetches).toHaveLength(3)
    expect(
      preloadHints(bundle, { brand: 'usb2c', lang: 'en', disabledPlugins: [], navigationUids: ['a&b=c'] })
        .fetches,
    ).toHaveLength(3)
  })

  it('preloads enabled plugin chunks only, so a switched-off plugin is never requested', () => {
    expect(preloadHints(bundle, { brand: 'usb2c', lang: 'en', disabledPlugins: [] }).modules).toEqual([
      '/assets/nav-1.js',
    ])
    expect(preloadHints(bundle, { brand: 'usb2c', lang: 'en', disabledPlugins: ['nav'] }).modules).toEqual([])
    expect(preloadHints(undefined, { brand: 'usb2c', lang: 'en', disabledPlugins: [] }).modules).toEqual([])
  })

  it('with the served first view, fetches the hydration and the enabled plugins’ parts first, then their plugins', () => {
    const served: HeaderBundle = {
      ...bundle,
      chunks: {
        'host/firstView/hydrateParts.tsx': ['/assets/hydrateParts.js', '/assets/shared-parts.js'],
        'plugins/nav/firstView.tsx': ['/assets/firstView-nav.js', '/assets/shared-part-nav.js'],
        'plugins/auth/firstView.tsx': ['/assets/firstView-auth.js', '/assets/shared-parts.js'],
        'plugins/nav/index.ts': ['/assets/nav-1.js', '/assets/shared-part-nav.js'],
        'plugins/auth/index.ts': ['/assets/auth-1.js'],
      },
    }
    const page = { brand: 'usb2c' as const, lang: 'en' as const, disabledPlugins: ['auth'] }
    expect(preloadHints(served, { ...page, servedParts: true }).modules).toEqual([
      '/assets/hydrateParts.js',
      '/assets/shared-parts.js',
      '/assets/firstView-nav.js',
      '/assets/shared-part-nav.js',
      '/assets/nav-1.js',
    ])
    // Without the served view there is nothing to hydrate: the plugins' own chunks only.
    expect(preloadHints(served, page).modules).toEqual(['/assets/nav-1.js', '/assets/shared-part-nav.js'])
  })

  it('preloads what an enabled plugin imports too, once, except what the page already loads', () => {
    const withShared: HeaderBundle = {
      ...bundle,
      later: ['/assets/startHeader.js', '/assets/rxjs.js'],
      chunks: {
        'plugins/nav/index.ts': ['/assets/nav-1.js', '/assets/valibot.js', '/assets/rxjs.js'],
        'plugins/search/index.ts': ['/assets/search-1.js', '/assets/valibot.js', '/assets/streams.js'],
        // Shared code that landed in the entry chunk: the page loads it already, at high priority.
        'plugins/auth/index.ts': ['/assets/auth-1.js', '/assets/main.js'],
      },
    }
    expect(preloadHints(withShared, { brand: 'usb2c', lang: 'en', disabledPlugins: [] }).modules).toEqual([
      '/assets/nav-1.js',
      '/assets/valibot.js',
      '/assets/search-1.js',
      '/assets/streams.js',
      '/assets/auth-1.js',
    ])
  })
})

describe('preload hints for the CMS rows', () => {
  const withRenderer: HeaderBundle = {
    ...bundle,
    chunks: {
      ...bundle.chunks,
      'plugins/shell/cms/CmsComponents.tsx': [
        '/assets/CmsComponents-1.js',
        '/assets/sanitize.js',
        '/assets/nav-1.js',
      ],
    },
  }

  it('fetches the CMS renderer and the sanitiser it imports when the page has a notification or promotion row', () => {
    expect(
      preloadHints(withRenderer, { brand: 'usb2c', lang: 'en', disabledPlugins: [], cmsRows: true }).modules,
    ).toEqual(['/assets/nav-1.js', '/assets/CmsComponents-1.js', '/assets/sanitize.js'])
  })

  it('leaves it to the header when the page has no CMS row', () => {
    expect(preloadHints(withRenderer, { brand: 'usb2c', lang: 'en', disabledPlugins: [] }).modules).toEqual([
      '/assets/nav-1.js',
    ])
  })
})
