import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'

/** The entry Vite builds (vite.config.ts `input`), as named in its manifest. */
export const HEADER_ENTRY = 'host/main.tsx'
/** The rest of the header, which the entry imports right after painting the frame. */
export const HEADER_BOOT = 'host/startHeader.tsx'
/** The whole header's first view, which the entry imports right after painting the frame too. */
export const HEADER_FIRST_VIEW = 'host/firstView/paintFirstView.tsx'
/**
 * The shell's CMS renderer (with the sanitiser it imports): the served notification and promotion
 * rows turn to the live content once it is in (plugins/shell/cms/useCmsRow.tsx), so a page with those
 * rows fetches it with the plugins' chunks.
 */
export const HEADER_CMS_RENDERER = 'plugins/shell/cms/CmsComponents.tsx'
/**
 * The hydration of the parts drawn once (with the part runtime): a page with the page server's first
 * view fetches it first, with the plugins' first views, so its parts go live before start-up.
 */
export const HEADER_HYDRATION = 'host/firstView/hydrateParts.tsx'
/** A plugin's first view, as the manifest names its source (`plugins/nav/firstView.tsx`). */
const FIRST_VIEW_SOURCE = /^plugins\/([^/]+)\/firstView\.tsx$/
/** The manifest's key for the one stylesheet of a build without CSS code splitting. */
export const SINGLE_STYLESHEET = 'style.css'

const ManifestSchema = v.record(
  v.string(),
  v.object({
    file: v.string(),
    css: v.optional(v.array(v.string()), []),
    imports: v.optional(v.array(v.string()), []),
  }),
)
type Manifest = v.InferOutput<typeof ManifestSchema>

/** What a host page links for the header: the entry script, its static imports and all their CSS. */
export interface HeaderBundle {
  script: string
  /** The entry's static imports: needed at once, so modulepreloaded (fetched and compiled). */
  preload: string[]
  /** The start-up chunk and its imports: needed right after the first paint, so only fetched. */
  later: string[]
  css: string[]
  /**
   * The stylesheets each plugin's first view needs beyond `css`, by plugin id: the page links those
   * of the plugins it runs, when it serves the first view (they block its first paint with `css`).
   */
  firstViewCss: Record<string, string[]>
  /**
   * What loading a chunk fetches, by its source key: its own address, then those of everything it
   * imports statically (`plugins/search/index.ts` → `/assets/search-….js`, `/assets/streams-….js`).
   */
  chunks: Record<string, string[]>
  /** Each brand's plugin ids in order (`.vite/brands.json`, written by the build from host/brands). */
  brandPlugins: Record<string, string[]>
  /**
   * The text of each stylesheet in `css` and `firstViewCss`, by address, as the build wrote it: the
   * host page puts the first paint's styles in its head (renderHostPage.ts `headerStyles`). A sheet
   * missing here is linked instead.
   */
  cssText?: Record<string, string>
}

const BrandPluginsSchema = v.record(v.string(), v.array(v.string()))

/** Entry plus what it imports statically (dynamic imports load on demand, so they are left out). */
export function bundleFromManifest(
  manifest: Manifest,
  brandPlugins: Record<string, string[]> = {},
  entry = HEADER_ENTRY,
): HeaderBundle | undefined {
  const root = manifest[entry]
  if (!root) return undefined
  const preload: string[] = []
  const css = new Set<string>()
  const seen = new Set<string>()
  let into = preload
  const visit = (key: string, isEntry: boolean) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    if (!isEntry) into.push(`/${chunk.file}`)
    for (const file of chunk.css) css.add(`/${file}`)
    for (const dep of chunk.imports) visit(dep, false)
  }
  visit(entry, true)
  // The page server's first view is drawn by each plugin's `firstView.tsx`: their styles (and what
  // they import) block the first paint with the entry's, and nothing else does. Panels,
  // dialogs, the loyalty modal and the footer bring their stylesheets with their code.
  const firstViewCss: Record<string, string[]> = {}
  for (const key of Object.keys(manifest)) {
    const id = FIRST_VIEW_SOURCE.exec(key)?.[1]
    if (id) firstViewCss[id] = withImports(manifest, key, (chunk) => chunk.css).filter((f) => !css.has(f))
  }
  // A build without CSS code splitting writes every style into one stylesheet, which the manifest
  // names on its own.
  const single = manifest[SINGLE_STYLESHEET]
  if (single) css.add(`/${single.file}`)
  // The entry imports the rest of the header once the frame is painted; fetching it (and what it
  // imports) now, without compiling it, keeps it off the first paint and off the network's critical path.
  const later: string[] = []
  into = later
  visit(HEADER_FIRST_VIEW, false)
  visit(HEADER_BOOT, false)
  // The telemetry SDK is not fetched early: the header loads it when the browser is idle after the
  // header is complete, so it never competes with what the shopper sees.
  const chunks = Object.fromEntries(Object.keys(manifest).map((key) => [key, withImports(manifest, key)]))
  return { script: `/${root.file}`, preload, later, css: [...css], firstViewCss, chunks, brandPlugins }
}

/**
 * A chunk's address followed by those of its static imports, transitively, each once (or, with
 * `filesOf`, other files of theirs: their stylesheets).
 */
function withImports(
  manifest: Manifest,
  key: string,
  filesOf: (chunk: Manifest[string]) => readonly string[] = (chunk) => [chunk.file],
): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  const visit = (k: string) => {
    const chunk = manifest[k]
    if (!chunk || seen.has(k)) return
    seen.add(k)
    for (const file of filesOf(chunk)) if (!files.includes(`/${file}`)) files.push(`/${file}`)
    for (const dep of chunk.imports) visit(dep)
  }
  visit(key)
  return files
}

/**
 * The bundle with the text of the stylesheets the first paint may need, read once per build (their
 * names carry their content's hash). An unreadable sheet is left out: the page links it.
 */
function withCssText(bundle: HeaderBundle | undefined, distDir: string): HeaderBundle | undefined {
  if (!bundle) return undefined
  const cssText: Record<string, string> = {}
  for (const href of new Set([...bundle.css, ...Object.values(bundle.firstViewCss).flat()])) {
    if (!/^\/assets\/[\w.-]+\.css$/.test(href)) continue
    try {
      cssText[href] = readFileSync(join(distDir, href), 'utf8')
    } catch {
      // Linked instead (renderHostPage.ts).
    }
  }
  return { ...bundle, cssText }
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined // an older build without it: no plugin chunks are preloaded
  }
}

/**
 * Reads `dist/.vite/manifest.json` (and `brands.json`), again only when the file changed (a rebuild while the server
 * runs is picked up). Undefined when the header has not been built.
 */
export function createBundleReader(distDir: string): () => HeaderBundle | undefined {
  const path = join(distDir, '.vite', 'manifest.json')
  let cached: { mtimeMs: number; bundle: HeaderBundle | undefined } | undefined
  return () => {
    let mtimeMs: number
    try {
      mtimeMs = statSync(path).mtimeMs
    } catch {
      return undefined
    }
    if (cached?.mtimeMs === mtimeMs) return cached.bundle
    let bundle: HeaderBundle | undefined
    try {
      const parsed = v.safeParse(ManifestSchema, JSON.parse(readFileSync(path, 'utf8')))
      const brands = v.safeParse(BrandPluginsSchema, readJson(join(distDir, '.vite', 'brands.json')))
      bundle = parsed.success
        ? withCssText(bundleFromManifest(parsed.output, brands.success ? brands.output : {}), distDir)
        : undefined
    } catch {
      bundle = undefined // half-written during a build: try again next request
    }
    cached = { mtimeMs, bundle }
    return bundle
  }
}
