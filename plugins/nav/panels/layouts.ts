/**
 * The panel layouts of nav spec §2, chosen by the panel's component id (`layoutIdOf`), and the
 * layout constants of nav spec §9 the panel's code needs at run time.
 */
import { BREAKPOINTS } from '../../../site/breakpoints'

export type Layout =
  | 'beverage'
  | 'recipe'
  | 'sustainability'
  | 'hotBrewers'
  | 'coffee'
  | 'commercialShop'
  | 'koldBar'
  | 'accessories'
  | 'businessSolutions'
  | 'starterKit'
  /**
   * Any other component id: the body's groups in CMS order, each card in its mode's look, with the
   * sidebar and footer as everywhere; no full-width promo, no article split; opens on the left.
   */
  | 'generic'

const BY_ID = new Map<string, Layout>(
  Object.entries({
    BeveragesBarComponent: 'beverage',
    CommercialBeverageBarComponent: 'beverage',
    RecipeBarComponent: 'recipe',
    SustainabilityBarComponent: 'sustainability',
    HotBrewersBarComponent: 'hotBrewers',
    CommercialShopBarComponent: 'commercialShop',
    KoldBarComponent: 'koldBar',
    NewAccessoriesBarComponent: 'accessories',
    CommercialAccessoriesComponent: 'accessories',
    CommercialBusinessSolutionComponent: 'businessSolutions',
    StarterKitBarComponent: 'starterKit',
  } satisfies Record<string, Layout>),
)

/** The `{product}` forms of the table: any product name before these suffixes. */
const BY_SUFFIX: [suffix: string, layout: Layout][] = [
  ['BeveragesBarComponent', 'beverage'],
  ['CoffeeBarComponent', 'coffee'],
]

export function layoutOf(componentId: string): Layout {
  // A Map: an id such as 'valueOf' or '__proto__' is no key of it (it would be of a plain object).
  const exact = BY_ID.get(componentId)
  if (exact) return exact
  return BY_SUFFIX.find(([suffix]) => componentId.endsWith(suffix))?.[1] ?? 'generic'
}

/** The layouts whose panel opens on the right of the bar (nav spec §2); the others on the left. */
export const sideOf = (layout: Layout): 'left' | 'right' =>
  layout === 'recipe' || layout === 'sustainability' ? 'right' : 'left'

/** The layouts drawn with a full-width promo (nav spec §2 table). */
export const FULL_WIDTH_PROMO = new Set<Layout>([
  'hotBrewers',
  'coffee',
  'commercialShop',
  'koldBar',
  'accessories',
])

/**
 * The breakpoints of nav spec §9 (lg 992, xl 1200). The panel's "medium" (recipe sidebar 35 %,
 * recipe large cards 70 px, product-card images hidden up to its end) is lg: 992 to 1199 px;
 * below lg the panel is the full-screen slide-in. From the header's one set (site/breakpoints.ts);
 * the CSS modules write the same numbers in their media queries, which its test checks.
 */
export const BREAKPOINT_LG = BREAKPOINTS.lg
export const BREAKPOINT_XL = BREAKPOINTS.xl

/**
 * How many of the recipe footer's cards show at a viewport width (nav spec §2): 3 at 1181-1300 px,
 * 2 at 1100-1180, 1 at 990-1099, otherwise all.
 */
export function recipeFooterCardCount(viewportWidth: number, cards: number): number {
  const w = viewportWidth
  const limit = w >= 1181 && w <= 1300 ? 3 : w >= 1100 && w <= 1180 ? 2 : w >= 990 && w <= 1099 ? 1 : cards
  return Math.min(limit, cards)
}
