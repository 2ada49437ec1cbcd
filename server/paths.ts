import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root, whatever the working directory the server was started from. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** Vite's output (vite.config.ts `outDir`). */
export const DEFAULT_DIST_DIR = join(REPO_ROOT, 'dist')
/** Embedded PGlite data folder; git-ignored (.data/). */
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.data', 'pglite')
