import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MEDIA_QUERIES_SHEET, mediaQueriesCss } from '../site/breakpoints'

// Writes the stylesheets' media queries (site/breakpoints.module.css) from site/breakpoints.ts.
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
writeFileSync(join(root, MEDIA_QUERIES_SHEET), mediaQueriesCss())
console.log(`wrote ${MEDIA_QUERIES_SHEET}`)
