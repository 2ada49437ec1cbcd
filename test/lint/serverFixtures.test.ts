// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * Seed data is not a production dependency: the seed reads server/fixtures/ and writes the
 * database; the running server reads its database, or a module of constants that is not a fixture
 * (server/brands.ts, site/, contracts/). Production server code is every server/ file but the
 * tests, the fixtures themselves, the seed (files named seed*), the load tooling (server/load) and
 * the test helpers (`testing/` folders).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const FIXTURES = join(ROOT, 'server', 'fixtures')

const isProduction = (path: string) =>
  path.endsWith('.ts') &&
  !/\.test\.tsx?$/.test(path) &&
  !path.startsWith('server/fixtures/') &&
  !path.startsWith('server/load/') &&
  !path.split('/').includes('testing') &&
  !/^seed/.test(path.split('/').pop() ?? '')

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path)
    return [path]
  })
}

/** The module specifiers `source` imports or re-exports, static or dynamic. */
function specifiersOf(source: string): string[] {
  const found: string[] = []
  for (const m of source.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g))
    found.push(m[1] as string)
  for (const m of source.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g)) found.push(m[1] as string)
  for (const m of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1] as string)
  return found
}

/** The specifiers of `source`, written in `file` (repository-relative), that reach server/fixtures/. */
function fixtureImports(file: string, source: string): string[] {
  return specifiersOf(source).filter((spec) => {
    if (!spec.startsWith('.')) return false
    const target = resolve(ROOT, dirname(file), spec)
    return target === FIXTURES || target.startsWith(`${FIXTURES}/`)
  })
}

describe('production server code imports nothing from server/fixtures/', () => {
  const offenders = filesUnder(join(ROOT, 'server'))
    .map((path) => relative(ROOT, path).split('\\').join('/'))
    .filter(isProduction)
    .map((file) => ({ file, imports: fixtureImports(file, readFileSync(join(ROOT, file), 'utf8')) }))
    .filter((f) => f.imports.length > 0)

  it('no production file imports a fixture', () => {
    expect(offenders).toEqual([])
  })

  it('bites: static, type-only, re-exported and dynamic imports of a fixture are found', () => {
    const file = 'server/rest/probe.ts'
    expect(fixtureImports(file, "import { CURRENCY } from '../fixtures/catalogue'\n")).toEqual([
      '../fixtures/catalogue',
    ])
    expect(fixtureImports(file, "import type { SeedOperator } from '../fixtures/operators'\n")).toHaveLength(
      1,
    )
    expect(fixtureImports(file, "export { BLENDS } from '../fixtures/catalogueData'\n")).toHaveLength(1)
    expect(fixtureImports(file, "const m = await import('../fixtures/medias')\n")).toHaveLength(1)
    expect(fixtureImports(file, "import '../fixtures/recipes'\n")).toHaveLength(1)
    expect(fixtureImports(file, "import { SERVER_BRANDS } from '../brands'\n")).toEqual([])
    expect(
      fixtureImports('server/fixtures/x.ts', "import { t } from './navigation/navItems'\n"),
    ).toHaveLength(1)
  })

  it('the seed, the load tooling, the test helpers and the tests are not production code', () => {
    expect(isProduction('server/db/seed.ts')).toBe(false)
    expect(isProduction('server/db/seedSuggestions.ts')).toBe(false)
    expect(isProduction('server/auth/seedAccounts.ts')).toBe(false)
    expect(isProduction('server/idp/testing/idpTestClient.ts')).toBe(false)
    expect(isProduction('server/search/suggestions.test.ts')).toBe(false)
    expect(isProduction('server/search/suggestions.ts')).toBe(true)
    expect(isProduction('server/main.ts')).toBe(true)
  })
})
