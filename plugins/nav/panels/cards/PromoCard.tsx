import { navAttributes } from '../navAttributes'
import type { Card } from '../panelModel'
import styles from './Cards.module.css'
import { Html } from './Html'
import { IMAGE } from './imageSizes'
import { PanelImage } from './PanelImage'

/**
 * PROMO: one link, in one of two variants. The image variant (`data-variant` 'image') puts its
 * picture on the side its `position` names (left or right) beside its labels; without labels the
 * picture alone is the link ('picture'), named by its alt text (an 'icon' click). The text-only variant ('text') is its labels on the card's
 * colour. `label1` is the headline, `label2` the line under it, the link's name the call to action.
 * `wide`: the full-width promo of the hot brewers, coffee, commercial shop, kold bar and
 * accessories layouts.
 */
export function PromoCard({ card, wide = false }: { card: Card; wide?: boolean }) {
  const labelled = Boolean(card.label1 || card.label2)
  const imageOnly = card.image !== undefined && !labelled
  // A call to action that only repeats the headline says nothing new: the whole card is the link.
  const cta = card.name && !sameWords(card.name, card.label1) ? card.name : undefined
  return (
    <a
      className={wide ? `${styles.promo} ${styles.promoWide}` : styles.promo}
      href={card.url}
      data-variant={imageOnly ? 'picture' : card.image ? 'image' : 'text'}
      data-position={card.position}
      data-section={card.section}
      data-ink={card.colour?.ink}
      // A promotion (nav spec §7 select_promotion): the analytics plugin's click listener reads these.
      data-promotion-id={card.uid}
      data-promotion-name={card.name || undefined}
      style={card.colour ? { backgroundColor: card.colour.background } : undefined}
      {...navAttributes({
        section: card.section,
        componentId: card.uid,
        header: card.header,
        icon: imageOnly,
        text: card.name,
      })}
    >
      {card.image && (
        <PanelImage
          className={styles.promoImage}
          src={card.image}
          alt={imageOnly ? card.name : ''}
          {...IMAGE.promo}
        />
      )}
      {!imageOnly && (
        <span className={styles.promoText}>
          <Html className={styles.promoHeadline} html={card.label1} />
          <Html className={styles.promoLine} html={card.label2} />
          {cta && <span className={styles.cta}>{cta}</span>}
        </span>
      )}
    </a>
  )
}

/** The same words, whatever the markup, spacing and case (a label's HTML against a link's name). */
function sameWords(text: string, html: string | undefined): boolean {
  if (!html) return false
  const words = (s: string) =>
    s
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase()
  return words(text) === words(html)
}
