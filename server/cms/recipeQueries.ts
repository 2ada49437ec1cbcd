import type { Lang } from '../../site/brand'
import type { Database } from '../db/database'

export type ArticleKind = 'recipes' | 'hub'

export interface ArticleMatch {
  /** The article's name in the requested language, for the page heading. */
  name: string
  /** Its slugs in the other language, for the language switch (header spec §2). */
  opposite: { category: string; title: string }
}

/** The recipe or hub article at `category/title` in `lang`, or undefined when there is none. */
export async function findArticle(
  db: Database,
  lang: Lang,
  kind: ArticleKind,
  category: string,
  title: string,
): Promise<ArticleMatch | undefined> {
  const [here, there] = lang === 'fr' ? ['fr', 'en'] : ['en', 'fr']
  // Column names come from the fixed pair above, never from the request.
  const { rows } = await db.query<{ name: string; category: string; title: string }>(
    `SELECT ${here}_name AS name, ${there}_category AS category, ${there}_title AS title
       FROM recipes WHERE kind = $1 AND ${here}_category = $2 AND ${here}_title = $3`,
    [kind, category, title],
  )
  const row = rows[0]
  return row ? { name: row.name, opposite: { category: row.category, title: row.title } } : undefined
}
