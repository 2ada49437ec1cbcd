import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Attack and edge-case data (XSS vectors, redirects, e-mails), kept in the repository as data files
 * so a clone alone passes its tests. Copied from the project's shared corpus; see test/corpus/README.md.
 */
const CORPUS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'corpus')

export interface XssCorpus {
  cases: { title: string; payload: string }[]
}
export interface RedirectCorpus {
  offsite: string[]
  onsite: string[]
}
export interface EmailCorpus {
  valid: string[]
  invalid: string[]
}

type Corpora = { 'xss-payloads': XssCorpus; redirects: RedirectCorpus; emails: EmailCorpus }

/** Reads one corpus file; the error says where it looked, since the folder lives outside the repo. */
export function loadCorpus<K extends keyof Corpora>(name: K): Corpora[K] {
  const path = resolve(CORPUS_DIR, `${name}.json`)
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Corpora[K]
  } catch (error) {
    throw new Error(
      `Could not read the test corpus ${path}: it is part of the repository (test/corpus/); restore it from git (${error})`,
    )
  }
}
