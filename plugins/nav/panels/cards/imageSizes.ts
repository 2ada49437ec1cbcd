/**
 * The picture sizes of nav spec §2 and §9, as the width and height attributes that reserve each
 * picture's box. CSS draws some smaller where the spec says so (recipe large cards 70 px on
 * medium) and hides some (round images on phones, product-card images up to the end of medium).
 */
export const IMAGE = {
  /** Round-image product link (medium importance): the default flyout image, 115 by 115. */
  round: { width: 115, height: 115 },
  /** Product card and the beverage layout's large cards: 131 px. */
  product: { width: 131, height: 131 },
  /** Recipe large-importance list: 110 px (70 px on medium, by CSS). */
  recipeLarge: { width: 110, height: 110 },
  /** Starter-kit product detail: 175 px high, and the product on it. */
  detail: { width: 210, height: 175 },
  detailInner: { width: 131, height: 131 },
  /** MAXPRO: an outer picture 479 px high, an inner one 164 by 187 on it. */
  maxProOuter: { width: 360, height: 479 },
  maxProInner: { width: 164, height: 187 },
  /** Recipe article in position one: 231 px wide beside its text (3:2). */
  articleFirst: { width: 231, height: 154 },
  /** Other articles: the full width of their card (3:2). */
  article: { width: 231, height: 154 },
  /** Promo picture (9:5), beside the labels or above them in narrow places. */
  promo: { width: 360, height: 200 },
} as const
