import { navAttributes } from '../navAttributes'
import type { Card } from '../panelModel'
import styles from './Cards.module.css'
import { Html } from './Html'
import { IMAGE } from './imageSizes'
import { PanelImage } from './PanelImage'

const attrs = (card: Card) =>
  navAttributes({ section: card.section, componentId: card.uid, header: card.header, text: card.name })

/** LOW_IMPORTANCE and NOBO: a text link. */
export function TextLink({ card }: { card: Card }) {
  return (
    <a className={styles.textLink} href={card.url} {...attrs(card)}>
      {card.name}
    </a>
  )
}

/**
 * The round-image product link (PRODUCT_SIMPLE, and MEDIUM_IMPORTANCE with a picture): 115 by 115
 * above the name; the picture is hidden on phones.
 */
export function RoundImageLink({ card }: { card: Card }) {
  return (
    <a className={styles.roundLink} href={card.url} {...attrs(card)}>
      {card.image && <PanelImage className={styles.roundImage} src={card.image} {...IMAGE.round} />}
      <span className={styles.name}>{card.name}</span>
    </a>
  )
}

/**
 * LARGE_IMPORTANCE: a picture over its name (131 px, the beverage layout's large cards), or, in the
 * recipe's large-importance list (`compact`), a 110 px picture beside it (70 px on medium).
 */
export function LargeCard({ card }: { card: Card }) {
  const compact = card.compact
  return (
    <a className={compact ? styles.largeRow : styles.large} href={card.url} {...attrs(card)}>
      {card.image && (
        <PanelImage
          className={compact ? styles.recipeLargeImage : styles.productImage}
          src={card.image}
          {...(compact ? IMAGE.recipeLarge : IMAGE.product)}
        />
      )}
      <span className={styles.text}>
        <span className={styles.name}>{card.name}</span>
        <Html className={styles.label} html={card.label1} />
      </span>
    </a>
  )
}

/** LARGE_PRODUCT: the product card, a framed tile with a 131 px picture (hidden up to the end of medium), `label1` under the name. */
export function ProductCard({ card }: { card: Card }) {
  return (
    <a className={styles.product} href={card.url} {...attrs(card)}>
      {card.image && <PanelImage className={styles.productImage} src={card.image} {...IMAGE.product} />}
      <span className={styles.text}>
        <span className={styles.name}>{card.name}</span>
        <Html className={styles.label} html={card.label1} />
      </span>
    </a>
  )
}

/** MEDIUM_IMPORTANCE without a picture: a link set above the low-importance ones. */
export function MediumLink({ card }: { card: Card }) {
  return (
    <a className={styles.mediumLink} href={card.url} {...attrs(card)}>
      {card.name}
    </a>
  )
}
