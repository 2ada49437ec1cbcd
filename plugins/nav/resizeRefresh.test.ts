// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { RESIZE_REFRESH_MS } from './resizeRefresh'

const NAV = dirname(fileURLToPath(import.meta.url))

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the resize refresh (nav spec §9)', () => {
  it('is 20 ms', () => {
    expect(RESIZE_REFRESH_MS).toBe(20)
  })

  it('is one constant: the bar and the recipe panel both wait on it, and nothing defines its own', () => {
    const texts = new Map(
      sources(NAV).map((file) => [file.slice(NAV.length + 1), readFileSync(file, 'utf8')]),
    )
    const defining = [...texts]
      .filter(([, text]) => /\bconst\s+RESIZE_REFRESH_MS\b/.test(text))
      .map(([f]) => f)
    expect(defining).toEqual(['resizeRefresh.ts'])
    for (const user of ['slots/useBarFit.ts', 'panels/useViewportWidth.ts'])
      expect(texts.get(user)).toMatch(/import \{ RESIZE_REFRESH_MS \} from '\.\.\/resizeRefresh'/)
  })
})
