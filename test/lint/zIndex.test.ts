// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { Z_INDEX } from '../../contracts/layout'

/**
 * Stacking layers live in one place (contracts/layout.ts, nav spec §9). The shell's stylesheet
 * publishes them as custom properties, and no stylesheet of the header sets a number of its own:
 * a panel written with `z-index: 1200` (as the session dialog once was) fails here.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const LAYER_SHEET = 'site/headerLayout.module.css'

function cssFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return cssFiles(path)
    return entry.name.endsWith('.css') ? [path] : []
  })
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

describe('z-index layers (nav spec §9)', () => {
  it('are the spec values', () => {
    expect(Z_INDEX).toMatchObject({ modal: 1050, backdrop: 1040, popover: 1060, tooltip: 1070 })
    // The header sits above the backdrop it casts and below every dialog.
    expect(Z_INDEX.header).toBeGreaterThan(Z_INDEX.backdrop)
    expect(Z_INDEX.header).toBeLessThan(Z_INDEX.modal)
    // The cookie banner covers the page and its backdrop, never the header's panels.
    expect(Z_INDEX.banner).toBeGreaterThan(Z_INDEX.backdrop)
    expect(Z_INDEX.banner).toBeLessThan(Z_INDEX.header)
  })

  it('are published once, on :root, exactly as contracts/layout.ts gives them', () => {
    const sheet = readFileSync(join(ROOT, LAYER_SHEET), 'utf8')
    const block = /:root\s*\{([^}]*)\}/.exec(sheet)?.[1] ?? ''
    const published = Object.fromEntries(
      [...block.matchAll(/--oh-z-([a-z-]+):\s*(\d+);/g)].map((m) => [m[1], Number(m[2])]),
    )
    expect(published).toEqual(Object.fromEntries(Object.entries(Z_INDEX).map(([k, v]) => [kebab(k), v])))
  })

  it('every z-index in the header names a layer, never a number', () => {
    const layers = Object.keys(Z_INDEX).map(kebab)
    const found: string[] = []
    for (const file of ['host', 'plugins', 'kernel'].flatMap(cssFiles)) {
      const text = readFileSync(join(ROOT, file), 'utf8')
      for (const [, value] of text.matchAll(/z-index:\s*([^;]+);/g)) {
        const layer = /^var\(--oh-z-([a-z-]+)\)$/.exec(value!.trim())?.[1]
        if (!layer || !layers.includes(layer))
          found.push(`${relative(ROOT, join(ROOT, file))}: z-index: ${value}`)
      }
    }
    expect(found).toEqual([])
  })
})
