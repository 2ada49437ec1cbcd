import type { Card as CardData } from '../panelModel'
import { ArticleCard } from './ArticleCard'
import { MaxProCard, ProductDetailCard } from './DetailCards'
import { LargeCard, MediumLink, ProductCard, RoundImageLink, TextLink } from './LinkCards'
import { PromoCard } from './PromoCard'

/** A card in its mode's look (nav spec §2: each mode has its own). */
export function Card({ card }: { card: CardData }) {
  switch (card.mode) {
    case 'LARGE_IMPORTANCE':
      return <LargeCard card={card} />
    case 'MEDIUM_IMPORTANCE':
      return card.image ? <RoundImageLink card={card} /> : <MediumLink card={card} />
    case 'PRODUCT_SIMPLE':
    case 'SECTION_HEADER_LINK':
      // The round-image product link; a header's own link (the deal of the day's product) too.
      return <RoundImageLink card={card} />
    case 'PROMO':
      return <PromoCard card={card} />
    case 'LARGE_PRODUCT':
      return <ProductCard card={card} />
    case 'ARTICLE':
      return <ArticleCard card={card} />
    case 'PRODUCT_DETAIL':
      return <ProductDetailCard card={card} />
    case 'MAXPRO':
      return <MaxProCard card={card} />
    default:
      // LOW_IMPORTANCE, and NOBO links in their bar.
      return <TextLink card={card} />
  }
}
