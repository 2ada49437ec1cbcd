import { navAttributes } from '../navAttributes'
import type { Card } from '../panelModel'
import styles from './Cards.module.css'
import { Html } from './Html'
import { IMAGE } from './imageSizes'
import { PanelImage } from './PanelImage'

/**
 * PRODUCT_DETAIL (the starter kit's cards): a 175 px high picture and the product's name as one
 * link, `label1` above as its eyebrow, `label2` (the offer), `primaryDescription`, the primary
 * button, the secondary link and the disclaimer in small print.
 */
export function ProductDetailCard({ card }: { card: Card }) {
  const target = { section: card.section, componentId: card.uid, header: card.header }
  return (
    <div className={styles.detail}>
      <Html className={styles.eyebrow} html={card.label1} />
      <a className={styles.detailLink} href={card.url} {...navAttributes(target)}>
        {card.image && <PanelImage className={styles.detailImage} src={card.image} {...IMAGE.detail} />}
        <span className={styles.name}>{card.name}</span>
      </a>
      <Html className={styles.offer} html={card.label2} />
      <Html className={styles.description} html={card.description} />
      {(card.primaryButton || card.secondaryLink) && (
        <span className={styles.actions}>
          {card.primaryButton && (
            <a className={styles.button} href={card.primaryButton.url} {...navAttributes(target)}>
              {card.primaryButton.name}
            </a>
          )}
          {card.secondaryLink && (
            <a className={styles.secondary} href={card.secondaryLink.url} {...navAttributes(target)}>
              {card.secondaryLink.name}
            </a>
          )}
        </span>
      )}
      <Html className={styles.disclaimer} html={card.disclaimer} />
    </div>
  )
}

/**
 * MAXPRO: an outer picture 479 px high with the 164 by 187 inner picture (the product) on it,
 * `label1` and `label2` around the name; one link.
 */
export function MaxProCard({ card }: { card: Card }) {
  return (
    <a
      className={styles.maxPro}
      href={card.url}
      {...navAttributes({ section: card.section, componentId: card.uid, header: card.header })}
    >
      {(card.image || card.innerImage) && (
        <span className={styles.maxProFrame}>
          {card.image && (
            <PanelImage className={styles.maxProOuter} src={card.image} {...IMAGE.maxProOuter} />
          )}
          {card.innerImage && (
            <PanelImage className={styles.maxProInner} src={card.innerImage} {...IMAGE.maxProInner} />
          )}
        </span>
      )}
      <span className={styles.text}>
        <Html className={styles.eyebrow} html={card.label1} />
        <span className={styles.name}>{card.name}</span>
        <Html className={styles.label} html={card.label2} />
      </span>
    </a>
  )
}
