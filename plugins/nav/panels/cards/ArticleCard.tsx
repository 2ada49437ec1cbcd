import { navAttributes } from '../navAttributes'
import type { Card } from '../panelModel'
import styles from './Cards.module.css'
import { Html } from './Html'
import { IMAGE } from './imageSizes'
import { PanelImage } from './PanelImage'

/**
 * ARTICLE (article, footer and sidebar card): picture and title as one link, `label1` as its text,
 * and a learn-more button from `primaryButtonLinkName`/`Url`. `first`: the recipe's position-one
 * article, its picture 231 px wide beside the text; otherwise the picture spans the column.
 */
export function ArticleCard({ card }: { card: Card }) {
  const first = card.first
  const target = { section: card.section, componentId: card.uid, header: card.header }
  return (
    <div
      className={first ? `${styles.article} ${styles.articleFirst}` : styles.article}
      data-first={first || undefined}
      data-section={card.section}
    >
      <a className={styles.articleLink} href={card.url} {...navAttributes({ ...target, text: card.name })}>
        {card.image && (
          <PanelImage
            className={first ? styles.articleFirstImage : styles.articleImage}
            src={card.image}
            {...(first ? IMAGE.articleFirst : IMAGE.article)}
          />
        )}
        <span className={styles.name}>{card.name}</span>
      </a>
      <span className={styles.articleBody}>
        <Html className={styles.label} html={card.label1} />
        {card.primaryButton && (
          <a className={styles.button} href={card.primaryButton.url} {...navAttributes(target)}>
            {card.primaryButton.name}
          </a>
        )}
      </span>
    </div>
  )
}
