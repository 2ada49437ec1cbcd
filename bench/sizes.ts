import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

export const gzipKb = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1000

/**
 * JS on the critical path of the first paint: the entry chunk and everything it imports statically
 * (dynamic imports — plugins, popovers, the CMS renderer — load later and are not counted).
 */
export function criticalPathJs(distDir: string, ...entryKeys: string[]): { files: string[]; gzipKb: number } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const dep of manifest[key]?.imports ?? []) visit(dep)
  }
  for (const key of entryKeys) {
    if (!manifest[key]) throw new Error(`No entry '${key}' in ${distDir}/.vite/manifest.json`)
    visit(key)
  }
  const files = [...seen].map((k) => manifest[k]!.file)
  return { files, gzipKb: files.reduce((sum, f) => sum + gzipKb(join(distDir, f)), 0) }
}

/** Every chunk of the build with its gzip size, for the report. */
export function allChunks(
  distDir: string,
): { file: string; source: string; gzipKb: number; lazy: boolean }[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest &
    Record<string, { isDynamicEntry?: boolean }>
  return Object.entries(manifest)
    .filter(([, c]) => c.file.endsWith('.js'))
    .map(([source, c]) => ({
      file: c.file,
      source,
      gzipKb: gzipKb(join(distDir, c.file)),
      lazy: Boolean((c as { isDynamicEntry?: boolean }).isDynamicEntry),
    }))
}
