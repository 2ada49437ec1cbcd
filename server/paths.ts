import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FIRST_VIEW_RENDERER_FILE } from '../contracts/firstView'

/** The repository root, whatever the working directory the server was started from. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** Vite's output (vite.config.ts `outDir`). */
export const DEFAULT_DIST_DIR = join(REPO_ROOT, 'dist')
/**
 * The header's first-view renderer, built beside the server bundle (vite.server.config.ts); the
 * repository root is one folder above both server/ and dist-server/, so this holds from either.
 */
export const DEFAULT_FIRST_VIEW_RENDERER = join(REPO_ROOT, 'dist-server', FIRST_VIEW_RENDERER_FILE)
/** Embedded PGlite data folder; git-ignored (.data/). */
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.data', 'pglite')
