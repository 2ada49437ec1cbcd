// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { HYDRATING_PLUGINS } from '../../host/hydratingPlugins'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The libraries a part drawn once must not wait for (the hydration's way to a live part): the schema
 * library, RxJS and the sanitiser belong to the kernel's start-up and to code loaded on demand.
 */
const KEPT_OFF = ['valibot', 'rxjs', 'dompurify']

/** What `file` imports at run time (not `import type`, not `import()`), resolved to files or packages. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const found: string[] = []
  // `import … from '…'` and `export … from '…'`, skipping type-only ones.
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
    if (match[1]) continue
    const specifier = match[2] ?? ''
    if (!specifier.startsWith('.')) {
      found.push(specifier)
      continue
    }
    const base = resolve(dirname(file), specifier)
    const resolved = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find(existsSync)
    if (resolved && !resolved.endsWith('.css')) found.push(resolved)
  }
  for (const match of source.matchAll(/^import\s+'([^']+)'/gm))
    if (match[1]?.startsWith('.') === false) found.push(match[1])
  return found
}

/** Every module `entry` reaches through static imports, and the package each package import names. */
function reach(entry: string): { modules: Set<string>; packages: Map<string, string> } {
  const modules = new Set<string>()
  const packages = new Map<string, string>()
  const walk = (file: string) => {
    if (modules.has(file)) return
    modules.add(file)
    for (const next of staticImports(file)) {
      if (next.startsWith('/')) walk(next)
      else packages.set(next.split('/')[0] ?? next, file)
    }
  }
  walk(entry)
  return { modules, packages }
}

describe('the way to a live part', () => {
  const entries = [
    join(ROOT, 'host/firstView/hydrateParts.tsx'),
    ...HYDRATING_PLUGINS.map((id) => join(ROOT, `plugins/${id}/firstView.tsx`)),
  ]
  it.each(entries.map((entry) => [entry.slice(ROOT.length + 1), entry]))(
    '%s imports no schema library, RxJS or sanitiser',
    (_, entry) => {
      const { packages } = reach(entry)
      const offending = KEPT_OFF.filter((name) => packages.has(name)).map(
        (name) => `${name} (imported by ${packages.get(name)?.slice(ROOT.length + 1)})`,
      )
      expect(offending).toEqual([])
    },
  )
})
