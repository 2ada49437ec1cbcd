// @vitest-environment node
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { SITE_CONFIG_KEYS } from '../../contracts/siteConfig'

/** Brand teams read docs/site-configuration.md (linked from the README) to learn what a key does: every key the header reads is listed. */
const README = readFileSync(
  join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'docs/site-configuration.md'),
  'utf8',
)

it('docs/site-configuration.md lists every site configuration key with its default and effect', () => {
  const section = README.slice(
    README.indexOf('## Site configuration keys'),
    README.indexOf('## Brand options'),
  )
  const rows = section.split('\n').filter((line) => line.startsWith('| `'))
  const missing = Object.values(SITE_CONFIG_KEYS)
    .map((spec) => spec.key)
    .filter((key) => !rows.some((row) => row.split('|')[1]!.includes(`\`${key}\``)))
  expect(missing).toEqual([])
})
