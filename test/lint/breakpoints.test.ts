// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LAYOUT } from '../../contracts/layout'
import { IMAGE_BREAKPOINTS } from '../../plugins/shell/cms/CmsImage'
import {
  BELOW_DESKTOP,
  BREAKPOINT_WIDTHS,
  BREAKPOINTS,
  DESKTOP,
  HEADER_BREAKPOINTS,
  IMAGE_SOURCE_WIDTHS,
  isBreakpointWidth,
  MEDIA_QUERIES,
  MEDIA_QUERIES_SHEET,
  mediaQueriesCss,
} from '../../site/breakpoints'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/**
 * The header's code and styles, and the page server's host page around it. The operators' console
 * (server/console) is a separate page with its own layout, not the header's.
 */
const HEADER_DIRS = ['host', 'plugins', 'kernel', 'site', 'contracts', 'server/pages']

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return files(path, test)
    return test(entry.name) ? [path] : []
  })
}
const SOURCE = (name: string) => /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)

/** Each `min-width` / `max-width` in px of a media query in `text`, with where it is. */
function mediaWidths(text: string, queries: RegExp): { feature: 'min-width' | 'max-width'; px: number }[] {
  return [...text.matchAll(queries)].flatMap((query) =>
    [...(query[0] ?? '').matchAll(/\((min-width|max-width):\s*([\d.]+)px\)/g)].map((m) => ({
      feature: m[1] as 'min-width' | 'max-width',
      px: Number(m[2]),
    })),
  )
}

describe('the header’s breakpoints, one set (navigation spec §9, header spec §9)', () => {
  it('are the specs’ numbers', () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 })
    expect(HEADER_BREAKPOINTS).toEqual([
      360, 390, 481, 575, 576, 767, 768, 991, 992, 1024, 1199, 1200, 1439, 1440, 1820,
    ])
    expect(IMAGE_SOURCE_WIDTHS).toEqual({ tablet: 480, desktop: 1024, largeDesktop: 1200, widescreen: 1440 })
    expect(DESKTOP).toBe('(min-width: 992px)')
    expect(BELOW_DESKTOP).toBe('(max-width: 991px)')
  })

  it('are what the layout and the CMS images read', () => {
    expect(LAYOUT.desktopMinWidth).toBe(BREAKPOINTS.lg)
    expect(IMAGE_BREAKPOINTS.map((b) => b.minWidth).sort()).toEqual(Object.values(IMAGE_SOURCE_WIDTHS).sort())
  })

  it('a max-width may name the last pixel below a breakpoint, a min-width only the breakpoint', () => {
    expect(isBreakpointWidth(992, 'min-width')).toBe(true)
    expect(isBreakpointWidth(991, 'max-width')).toBe(true)
    expect(isBreakpointWidth(991.98, 'max-width')).toBe(true)
    expect(isBreakpointWidth(991, 'min-width')).toBe(true) // in the header spec's own list
    expect(isBreakpointWidth(993, 'min-width')).toBe(false)
    expect(isBreakpointWidth(1279, 'max-width')).toBe(false)
    expect(isBreakpointWidth(700, 'max-width')).toBe(false)
  })

  it('no stylesheet of the header has a media query on a width outside the set', () => {
    const outside: string[] = []
    const sheets = HEADER_DIRS.flatMap((dir) => files(dir, (name) => name.endsWith('.css')))
    expect(sheets.length).toBeGreaterThan(5)
    // A media query written out, or one of the generated file's named queries.
    for (const file of sheets)
      for (const { feature, px } of mediaWidths(
        readFileSync(join(ROOT, file), 'utf8'),
        /@(?:media|value)[^{;]*/g,
      ))
        if (!isBreakpointWidth(px, feature))
          outside.push(`${relative(ROOT, join(ROOT, file))}: ${feature} ${px}px`)
    expect(outside).toEqual([])
  })

  it('no component or module of the header has a media query or a window-width check outside the set', () => {
    const outside: string[] = []
    for (const file of HEADER_DIRS.flatMap((dir) => files(dir, SOURCE))) {
      const text = readFileSync(join(ROOT, file), 'utf8')
      // Queries written out (matchMedia, inline CSS of the served page)…
      for (const { feature, px } of mediaWidths(text, /\((?:min|max)-width:\s*[\d.]+px\)/g))
        if (!isBreakpointWidth(px, feature)) outside.push(`${file}: ${feature} ${px}px`)
      // …and the window's width compared with a number.
      for (const m of text.matchAll(/innerWidth\s*(<=?|>=?)\s*([\d.]+)/g))
        if (!BREAKPOINT_WIDTHS.has(Number(m[2])) && !BREAKPOINT_WIDTHS.has(Number(m[2]) + 1))
          outside.push(`${file}: innerWidth ${m[1]} ${m[2]}`)
    }
    expect(outside).toEqual([])
  })

  it('catches a width outside the set (the check itself)', () => {
    expect(mediaWidths('@media (min-width: 992px) and (max-width: 1279px) { a {} }', /@media[^{]*/g)).toEqual(
      [
        { feature: 'min-width', px: 992 },
        { feature: 'max-width', px: 1279 },
      ],
    )
  })

  it('the stylesheets’ named queries are the generated file, up to date with site/breakpoints.ts', () => {
    expect(readFileSync(join(ROOT, MEDIA_QUERIES_SHEET), 'utf8')).toBe(mediaQueriesCss())
  })

  it('no stylesheet writes a width in a media query by hand: each names a query it imports from the set', () => {
    const sheets = HEADER_DIRS.flatMap((dir) => files(dir, (name) => name.endsWith('.css'))).filter(
      (file) => file !== MEDIA_QUERIES_SHEET,
    )
    const problems = sheets.flatMap((file) =>
      mediaQueryProblems(file, readFileSync(join(ROOT, file), 'utf8')),
    )
    expect(problems).toEqual([])
  })

  it('catches a width written by hand, a name not imported, and a name not in the set (the check itself)', () => {
    const from = `@value desktop, wide from '../site/breakpoints.module.css';`
    expect(
      mediaQueryProblems(
        'x.css',
        `${from}\n@media desktop { a {} }\n@media (max-width: 991px) { b {} }\n@media phone { c {} }\n@media wide { d {} }\n@media (prefers-reduced-motion: reduce) { e {} }`,
      ),
    ).toEqual([
      'x.css: wide is not a query of site/breakpoints.ts MEDIA_QUERIES',
      'x.css: @media (max-width: 991px) writes a width by hand',
      'x.css: @media phone names phone, which the sheet does not import from site/breakpoints.module.css',
    ])
  })
})

/** Media features a query may write itself: none is a width (a width comes from the set, by name). */
const WIDTHLESS_FEATURE =
  /^\((?:prefers-reduced-motion|prefers-color-scheme|hover|pointer|forced-colors|orientation)(?::[^)]*)?\)$/
const MEDIA_WORDS = new Set(['and', 'not', 'only', 'screen', 'print', 'all'])

/**
 * What is wrong with `text`'s media queries: a width (any `px`) written in one; a name it does not
 * import from the generated file (CSS would read an unknown name as a media type that never matches,
 * silently); an imported name that is not in the set.
 */
function mediaQueryProblems(file: string, text: string): string[] {
  const problems: string[] = []
  const imported = new Set<string>()
  for (const m of text.matchAll(/@value\s+([^;]+?)\s+from\s+['"]([^'"]+)['"]/g)) {
    if (!(m[2] ?? '').endsWith(MEDIA_QUERIES_SHEET.split('/').pop() ?? '')) continue
    for (const name of (m[1] ?? '').split(',').map((n) => n.trim())) {
      imported.add(name)
      if (!(name in MEDIA_QUERIES))
        problems.push(`${file}: ${name} is not a query of site/breakpoints.ts MEDIA_QUERIES`)
    }
  }
  for (const m of text.matchAll(/@media\s+([^{]*?)\s*\{/g)) {
    const query = m[1] ?? ''
    if (/\d\s*px/.test(query)) {
      problems.push(`${file}: @media ${query} writes a width by hand`)
      continue
    }
    for (const part of query.split(/\s*,\s*/))
      for (const token of part.match(/\([^)]*\)|[^\s()]+/g) ?? []) {
        if (MEDIA_WORDS.has(token) || WIDTHLESS_FEATURE.test(token)) continue
        if (!imported.has(token))
          problems.push(
            `${file}: @media ${query} names ${token}, which the sheet does not import from ${MEDIA_QUERIES_SHEET}`,
          )
      }
  }
  return problems
}
