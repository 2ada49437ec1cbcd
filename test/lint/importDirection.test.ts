// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The import directions of README "Map" are Biome rules (biome.json, noRestrictedImports per folder),
 * so `npm test` fails on a violation. This proves each rule bites: it writes a probe file into the
 * folder under test, lints it with the project's Biome, and removes it again.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome')
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

/** Lints `source` as if it were the file `folder/probe.ts`; true when Biome reports noRestrictedImports. */
function restricted(folder: string, source: string): boolean {
  const dir = join(ROOT, folder, `zz-lint-probe-${process.pid}`)
  mkdirSync(dir, { recursive: true })
  made.push(dir)
  const file = join(dir, 'probe.ts')
  writeFileSync(file, source)
  try {
    execFileSync(BIOME, ['lint', '--max-diagnostics=20', file], { cwd: ROOT, stdio: 'pipe' })
    return false
  } catch (error) {
    const out =
      String((error as { stdout?: Buffer }).stdout ?? '') +
      String((error as { stderr?: Buffer }).stderr ?? '')
    return out.includes('noRestrictedImports')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// Probes sit one folder below the folder under test, so `../../x` reaches the repository root.
const uses = (path: string) => `import * as m from '../../${path}'\nexport const probe = m\n`
const usesIn = (depth: number, path: string) =>
  `import * as m from '${'../'.repeat(depth)}${path}'\nexport const probe = m\n`

describe('import directions are lint errors', () => {
  it.each([
    ['plugins/search', 'a plugin importing host/', uses('../host/brands')],
    ['plugins/search', 'a plugin importing server/', uses('../server/paths')],
    ['kernel/http', 'the kernel importing a plugin', usesIn(3, 'plugins/search/searchService')],
    ['kernel/http', 'the kernel importing host/', usesIn(3, 'host/pageContext')],
    [
      'kernel/http',
      'the kernel (outside kernel/react) importing React',
      `import { useState } from 'react'\nexport const probe = useState\n`,
    ],
    ['server/pages', 'the server importing host/', usesIn(3, 'host/brands')],
    ['server/pages', 'the server importing the kernel', usesIn(3, 'kernel/http/createHttpClient')],
    [
      'site',
      'site/ importing Node',
      `import { readFileSync } from 'node:fs'\nexport const probe = readFileSync\n`,
    ],
    ['site', 'site/ importing the kernel', usesIn(2, 'kernel/createKernel')],
    ['site', 'site/ importing contracts/ (site/ is the lower floor)', usesIn(2, 'contracts/cms')],
    [
      'site',
      'site/ importing a type from contracts/',
      `import type { Labels } from '../../contracts/labels'\nexport type Probe = Labels\n`,
    ],
    ['contracts', 'contracts/ importing a plugin', usesIn(2, 'plugins/auth/authRefs')],
    ['contracts', 'contracts/ importing the kernel', usesIn(2, 'kernel/services/serviceRef')],
    ['contracts', 'contracts/ importing the kernel folder', usesIn(2, 'kernel')],
    ['host', "the host importing a plugin's internals", usesIn(2, 'plugins/search/slots/PlainSearchForm')],
    ['host/firstView', "the host importing a plugin's internals", usesIn(3, 'plugins/nav/visibleItems')],
    [
      'host/firstView',
      'the host importing the CMS renderer inside a plugin',
      usesIn(3, 'plugins/shell/cms/CmsComponents'),
    ],
    ['host/data', "start-up importing a plugin's own navigation code", usesIn(3, 'plugins/nav/visibleItems')],
    ['server/pages', "the server importing even a plugin's public face", usesIn(3, 'plugins/nav/firstView')],
  ])('%s: %s is refused', (folder, _what, source) => {
    expect(restricted(folder, source)).toBe(true)
  })

  it.each([
    ['plugins/search', 'a plugin importing site/', usesIn(3, 'site/language')],
    ['plugins/search', 'a plugin importing contracts/', usesIn(3, 'contracts/serviceRefs')],
    [
      'kernel/react',
      'kernel/react importing React',
      `import { useState } from 'react'\nexport const probe = useState\n`,
    ],
    ['server/pages', 'the server importing site/', usesIn(3, 'site/routeTable')],
    ['contracts', 'contracts/ importing site/', usesIn(2, 'site/brand')],
    ['host', "the host importing a plugin's index", usesIn(2, 'plugins/search')],
    ['host', "the host importing a plugin's index by name", usesIn(2, 'plugins/search/index')],
    ['host/firstView', "the host importing a plugin's first view", usesIn(3, 'plugins/nav/firstView')],
    [
      'host/firstView',
      "the page server's renderer importing a plugin's served face",
      usesIn(3, 'plugins/shell/served'),
    ],
    ['host/data', 'start-up importing the calls a plugin has it make', usesIn(3, 'plugins/nav/startUpCalls')],
  ])('%s: %s is allowed', (folder, _what, source) => {
    expect(restricted(folder, source)).toBe(false)
  })
})
