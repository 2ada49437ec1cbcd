import { existsSync, readdirSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type Rolldown } from 'vite'
import { BRAND_CONFIGS } from './host/brands'
import { HYDRATING_PLUGINS } from './host/hydratingPlugins'

/**
 * Writes `.vite/brands.json` beside Vite's manifest: each brand's plugin ids in order. The reference
 * server reads it to preload the enabled plugins' chunks, so it never imports the browser's brand
 * files (the import direction server → host is forbidden).
 */
function brandPluginList(): Plugin {
  return {
    name: 'one-header-brand-plugins',
    generateBundle() {
      const plugins = Object.fromEntries(
        Object.values(BRAND_CONFIGS).map((config) => [config.brand, config.plugins.map((p) => p.id)]),
      )
      this.emitFile({ type: 'asset', fileName: '.vite/brands.json', source: JSON.stringify(plugins) })
    },
  }
}

/** A plugin's served part: the first view its parts are hydrated from (`plugins/<id>/firstView.tsx`). */
const PART_SOURCE = /\/plugins\/([^/]+)\/firstView\.tsx$/

/**
 * How the header's code is grouped on the way to a live header:
 * - `parts`: the part runtime (host/firstView/hydrateParts.tsx and what it imports beyond the entry)
 *   and the modules two or more plugins' parts share (Floating UI, the press recorder's rules);
 * - `part-<id>`: what only one plugin's part needs, so a page fetches the parts of the plugins it runs
 *   and nothing of a switched-off one's; `part-<id>-shared`: a library that part needs and other code
 *   imports too (Floating UI, which the join modal also uses), so that code never fetches the part;
 * - `startUp`: what start-up needs beyond those (kernel, shell, HTTP client, schemas): a served part
 *   never waits for it.
 * Left to automatic splitting they became dozens of small `shared-…` files (each module shared with
 * some plugin gets a chunk of its own), and each file costs the browser a fetch, a compile and an
 * instantiation on the way to a live part.
 */
function chunkGroups(ctx: Rolldown.ChunkingContext): {
  startUp: Set<string>
  partOf: Map<string, string>
} {
  /** What `entry` imports, directly or not: statically only, or its lazy chunks' modules too. */
  const reach = (entry: string, { lazyToo = false } = {}) => {
    const found = new Set<string>()
    const walk = (id: string) => {
      if (found.has(id)) return
      found.add(id)
      const info = ctx.getModuleInfo(id)
      const lazy = new Set(info?.dynamicallyImportedIds)
      for (const next of info?.importedIds ?? []) if (!lazy.has(next)) walk(next)
      if (lazyToo) for (const next of lazy) walk(next)
    }
    walk(entry)
    return found
  }
  const root = process.cwd()
  const entryGraph = reach(`${root}/host/main.tsx`)
  const hydration = `${root}/host/firstView/hydrateParts.tsx`
  const runtime = new Set([...reach(hydration)].filter((id) => !entryGraph.has(id)))
  // Each plugin's part, from its first view, and who needs each module.
  // (The host's catalogue imports every plugin's first view, each behind a dynamic import.)
  const catalogue = ctx.getModuleInfo(`${root}/host/catalogue.ts`)
  const partEntries = (catalogue?.dynamicallyImportedIds ?? []).filter((id) => PART_SOURCE.test(id))
  // Only the parts the browser hydrates before the kernel are grouped apart; the other first views'
  // code is start-up's (a module they share with it, valibot say, would otherwise be named for them).
  const hydrating = new Set(HYDRATING_PLUGINS)
  const neededBy = new Map<string, Set<string>>()
  for (const entry of partEntries) {
    const plugin = PART_SOURCE.exec(entry)?.[1] ?? ''
    if (!hydrating.has(plugin)) continue
    for (const id of reach(entry)) {
      if (entryGraph.has(id)) continue
      const plugins = neededBy.get(id) ?? new Set<string>()
      plugins.add(plugin)
      neededBy.set(id, plugins)
    }
  }
  // A module one plugin's part needs is that part's own only if no other code imports it: start-up or
  // another plugin's code that does (the loyalty programme's rule, which the sign-in flyout reads too;
  // Floating UI, which the join modal uses) would otherwise fetch the whole part's chunk on a page
  // where the plugin is switched off. Our own such modules (small: a rule, the cookie names) go with
  // the runtime; a library (Floating UI) makes a chunk of its own beside the part's.
  const plugins = (catalogue?.dynamicallyImportedIds ?? []).filter((id) =>
    /\/plugins\/[^/]+\/index\.tsx?$/.test(id),
  )
  const reachedBy = (id: string) => /\/plugins\/([^/]+)\//.exec(id)?.[1]
  const elsewhere = new Map<string, Set<string>>()
  // (A plugin's lazy chunks count: auth's sign-in flyout reads the loyalty programme's rule.)
  for (const entry of [...plugins, `${root}/host/startHeader.tsx`])
    for (const id of reach(entry, { lazyToo: entry.includes('/plugins/') })) {
      const owners = elsewhere.get(id) ?? new Set<string>()
      owners.add(reachedBy(entry) ?? 'startUp')
      elsewhere.set(id, owners)
    }
  const partOf = new Map<string, string>()
  for (const id of runtime) partOf.set(id, 'parts')
  for (const [id, plugins] of neededBy) {
    if (partOf.has(id)) continue
    const [only] = plugins
    const others = [...(elsewhere.get(id) ?? [])].filter((owner) => owner !== only)
    if (plugins.size > 1 || (others.length > 0 && !id.includes('/node_modules/'))) partOf.set(id, 'parts')
    else partOf.set(id, others.length === 0 ? `part-${only}` : `part-${only}-shared`)
  }
  // The modules the header imports by name stay chunks of their own, named in the build's manifest
  // (the page server links a first view's stylesheet by its source): only what they import is grouped.
  partOf.delete(hydration)
  for (const entry of partEntries) partOf.delete(entry)
  const boot = `${root}/host/startHeader.tsx`
  // The boot module stays the chunk the page server links by name (HEADER_BOOT); it imports the group.
  const startUp = new Set(
    [...reach(boot)].filter((id) => id !== boot && !entryGraph.has(id) && !partOf.has(id)),
  )
  if (startUp.size === 0) throw new Error(`vite.config.ts: no start-up modules found under ${root}`)
  return { startUp, partOf }
}
/** The groups of the build under way (worked out on the first module asked about). */
let groups: ReturnType<typeof chunkGroups> | undefined
/** The first paint's style modules of the build under way (worked out on the first module asked about). */
let firstPaint: Set<string> | undefined
function startUpGroup(): Plugin {
  return {
    name: 'one-header-start-up-group',
    buildStart() {
      groups = undefined
      firstPaint = undefined
    },
  }
}

/** A style module: its rules go into the stylesheet of the chunk its (class-name) module lands in. */
const STYLE_MODULE = /\.css($|\?)/

/**
 * Every style module the served first view needs: those the entry, the start-up modules and each
 * plugin's first view import statically. They make one chunk, so their rules make one stylesheet, the
 * only one that blocks the page's first paint (the budgets in docs/architecture.md: only the served first view's CSS
 * blocks it). Split by chunk, they were seven sheets; on a first visit each was one more request on the
 * page's six connections, behind the page's preloaded calls, and the last one to arrive held the
 * whole first paint back (and let the entry's evaluation run before it). Panels, dialogs, the loyalty
 * modal and the footer keep their own sheets, which their code brings.
 */
function firstPaintStyles(ctx: Rolldown.ChunkingContext): Set<string> {
  const found = new Set<string>()
  const seen = new Set<string>()
  const walk = (id: string) => {
    if (seen.has(id)) return
    seen.add(id)
    if (STYLE_MODULE.test(id)) found.add(id)
    const info = ctx.getModuleInfo(id)
    const lazy = new Set(info?.dynamicallyImportedIds)
    for (const next of info?.importedIds ?? []) if (!lazy.has(next)) walk(next)
  }
  const root = process.cwd()
  walk(`${root}/host/main.tsx`)
  walk(`${root}/host/startHeader.tsx`)
  walk(`${root}/host/firstView/paintFirstView.tsx`)
  const firstViews = readdirSync(`${root}/plugins`)
    .map((plugin) => `${root}/plugins/${plugin}/firstView.tsx`)
    .filter((id) => existsSync(id))
  if (firstViews.length === 0) throw new Error(`vite.config.ts: no plugin first views found under ${root}`)
  for (const id of firstViews) walk(id)
  return found
}

// One small entry that mounts the header; every plugin, slot layout and the CMS renderer become
// their own chunks through dynamic imports. The manifest lets the reference server link the entry.
export default defineConfig({
  plugins: [react(), brandPluginList(), startUpGroup()],
  build: {
    outDir: 'dist',
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: 'host/main.tsx',
      output: {
        // A chunk the header imports by name (a plugin, a first view, a lazy slot) keeps its name; a
        // chunk of code those share is `shared-…`, so no shared chunk is ever taken for a plugin's
        // own (`contracts/search.ts` alone was `search-….js`, beside the search plugin's chunk).
        // A plugin's first view, the entry of its served part, is `part-<plugin>-…` (all are named
        // firstView.tsx), so what loads a part reads in the network log.
        chunkFileNames: (chunk) => {
          const part = chunk.facadeModuleId ? PART_SOURCE.exec(chunk.facadeModuleId)?.[1] : undefined
          if (chunk.isDynamicEntry && part) return `assets/part-${part}-[hash].js`
          return chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/shared-[name]-[hash].js'
        },
        codeSplitting: {
          groups: [
            {
              // One stylesheet for the first paint (see firstPaintStyles); the entry imports its chunk
              // of class names, so the page server links its stylesheet with the entry's.
              name: (id, ctx) => {
                firstPaint ??= firstPaintStyles(ctx)
                return firstPaint.has(id) ? 'firstPaint' : null
              },
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              // What a served part needs goes live with it, before start-up (see chunkGroups).
              name: (id, ctx) => {
                groups ??= chunkGroups(ctx)
                return groups.partOf.get(id) ?? null
              },
              includeDependenciesRecursively: false,
            },
            {
              name: (id, ctx) => {
                groups ??= chunkGroups(ctx)
                return groups.startUp.has(id) ? 'startUp' : null
              },
              priority: 1,
              // Their imports are either in the group already or in the entry (React): pulling them in
              // would move React out of the entry.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    // The host page already fetches each chunk's imports (preloadHints.ts, data-preload): Vite's own
    // run-time helper, which scans the page's links and adds more before every dynamic import, is
    // main-thread work on the way to the whole header for nothing.
    modulePreload: false,
    // A stylesheet per chunk, so code that is not on screen yet brings its own, and the first paint's
    // all in one (the `firstPaint` group above): the host page blocks its first paint on that one alone; a panel, dialog, the loyalty modal or
    // the footer brings its rules with its code (Vite's preload helper links a dynamic chunk's CSS and
    // waits for it before the chunk runs, so nothing shows unstyled). One sheet of everything (54 kB)
    // held the first paint back, and so did seven small ones.
    cssCodeSplit: true,
  },
})
