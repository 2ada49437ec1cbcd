import type { Lang } from '../../site/brand'
import type { ArticleKind } from '../cms/recipeQueries'

export interface ArticlePath {
  kind: ArticleKind
  category: string
  title: string
}

const EN = /^\/(recipes|hub)\/([^/]+)\/([^/]+)\/?$/
const FR = /^\/fr\/(recettes|hub)\/([^/]+)\/([^/]+)\/?$/

/**
 * A recipe or hub article address (header spec §2): `/recipes/{category}/{title}` or
 * `/hub/{category}/{title}` in English, `/fr/recettes/…` or `/fr/hub/…` in French.
 */
export function articleFromPath(path: string, lang: Lang): ArticlePath | undefined {
  const match = (lang === 'fr' ? FR : EN).exec(path)
  if (!match) return undefined
  try {
    const kind: ArticleKind = match[1] === 'hub' ? 'hub' : 'recipes'
    return { kind, category: decodeURIComponent(match[2]!), title: decodeURIComponent(match[3]!) }
  } catch {
    return undefined // a malformed %-escape is not an article address
  }
}
