import { navAttributes } from '../navAttributes'
import type { Card } from '../panelModel'
import styles from './Cards.module.css'
import { Html } from './Html'
import { IMAGE } from './imageSizes'
import { PanelImage } from './PanelImage'

const colourOf = (card: Card) => ({
  'data-ink': card.colour?.ink,
  style: card.colour ? { backgroundColor: card.colour.background } : undefined,
})

/** The buttons, description and fine print the two big cards share. */
function Details({ card }: { card: Card }) {
  const target = { section: card.section, componentId: card.uid, header: card.header }
  return (
    <>
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
    </>
  )
}

/**
 * PRODUCT_DETAIL (the starter kit's cards): a 175 px high picture (the bundle, with the product on
 * it) and the name as one link, `label1` above as its eyebrow, `label2` (the offer), then
 * `primaryDescription`, the primary button, the secondary link and the disclaimer in small print.
 */
export function ProductDetailCard({ card }: { card: Card }) {
  return (
    <div className={styles.detail} {...colourOf(card)}>
      <Html className={styles.eyebrow} html={card.label1} />
      <a
        className={styles.detailLink}
        href={card.url}
        {...navAttributes({
          section: card.section,
          componentId: card.uid,
          header: card.header,
          text: card.name,
        })}
      >
        {(card.image || card.innerImage) && (
          <span className={styles.detailFrame}>
            {card.image && <PanelImage className={styles.detailImage} src={card.image} {...IMAGE.detail} />}
            {card.innerImage && (
              <PanelImage className={styles.detailInner} src={card.innerImage} {...IMAGE.detailInner} />
            )}
          </span>
        )}
        <span className={styles.name}>{card.name}</span>
      </a>
      <Html className={styles.offer} html={card.label2} />
      <Details card={card} />
    </div>
  )
}

/**
 * MAXPRO: an outer picture 479 px high with the 164 by 187 inner picture (the product) on it, and
 * beside it `label1`, the name (the link), `label2`, the description, buttons and fine print.
 */
export function MaxProCard({ card }: { card: Card }) {
  return (
    <div className={styles.maxPro} {...colourOf(card)}>
      <a
        className={styles.maxProLink}
        href={card.url}
        {...navAttributes({
          section: card.section,
          componentId: card.uid,
          header: card.header,
          text: card.name,
        })}
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
          <span className={styles.maxProName}>{card.name}</span>
        </span>
      </a>
      <span className={styles.maxProBody}>
        <Html className={styles.offer} html={card.label2} />
        <Details card={card} />
      </span>
    </div>
  )
}
