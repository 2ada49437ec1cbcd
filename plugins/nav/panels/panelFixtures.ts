import type { NavComponent, NavItemData } from '../../../contracts/cms'

/**
 * Panel content for the tests: one navigation component per layout of nav spec §2, every content
 * mode and every navigation-item field used somewhere. Test data only (the reference server has
 * its own in server/fixtures).
 */

type Item = NavItemData & { section?: string }

export const item = (componentId: string, mode: string, extra: Partial<Item> = {}): Item => ({
  componentId,
  mode,
  linkName: componentId,
  linkUrl: `/c/${componentId.toLowerCase()}`,
  visible: 'true',
  ...extra,
})

const img = (name: string) => `/media/nav/${name}.png`

/** A top-level item whose panel is `uid`'s, with its items in the flat `nextGenNavComponents` list. */
export const component = (uid: string, items: Item[], name = uid): NavComponent => ({
  uid,
  visible: 'true',
  highlighted: 'false',
  linkName: name,
  url: `/c/${uid.toLowerCase()}`,
  navBarComponent: { uid },
  nextGenNavComponents: items,
})

export const BEVERAGES = component(
  'BeveragesBarComponent',
  [
    item('CoffeeHeader', 'SECTION_HEADER_LINK', { linkName: 'Coffee', linkUrl: '/c/coffee' }),
    item('Light', 'LOW_IMPORTANCE', { linkName: 'Light roast', linkComponentId: 'CoffeeHeader' }),
    item('Pods', 'LARGE_IMPORTANCE', {
      linkName: 'Coffee pods',
      linkUrl: '/c/coffee-pods',
      imageUrl: img('pods'),
      label1: 'Over 400 varieties',
      linkComponentId: 'CoffeeHeader',
    }),
    item('Brewco', 'MEDIUM_IMPORTANCE', {
      linkName: 'Brewco',
      imageUrl: img('brand-brewco'),
      linkComponentId: 'CoffeeHeader',
    }),
    item('Bagged', 'LARGE_IMPORTANCE', {
      linkName: 'Bagged coffee',
      imageUrl: img('bag'),
      linkComponentId: 'CoffeeHeader',
    }),
    item('MoreHeader', 'SECTION_HEADER_NOLINK', { linkName: 'More drinks' }),
    item('Tea', 'LOW_IMPORTANCE', { linkName: 'Tea', linkComponentId: 'MoreHeader' }),
    item('Cocoa', 'MEDIUM_IMPORTANCE', {
      linkName: 'Hot cocoa',
      imageUrl: img('cocoa'),
      linkComponentId: 'MoreHeader',
    }),
    item('Agent', 'NOBO', { linkName: 'Place order for customer', linkUrl: '/nobo/order' }),
    item('SideHeader', 'SECTION_HEADER_LINK', {
      linkName: 'Shop by brand',
      linkUrl: '/b/brands',
      section: 'SIDEBAR',
    }),
    item('SideBrewco', 'LOW_IMPORTANCE', {
      linkName: 'Brewco',
      linkUrl: '/b/brewco',
      section: 'SIDEBAR',
      linkComponentId: 'SideHeader',
    }),
    item('SidePromo', 'PROMO', {
      linkName: 'Shop now',
      linkUrl: '/coffee-auto-delivery',
      label1: 'Save <b>20%</b> with Auto Delivery',
      label2: 'Free shipping, skip any time',
      backgroundColor: '#143d59',
      section: 'SIDEBAR',
    }),
    item('FooterAll', 'LOW_IMPORTANCE', {
      linkName: 'All beverages',
      linkUrl: '/c/beverages',
      section: 'FOOTER',
    }),
  ],
  'Beverages',
)

export const RECIPES = component(
  'RecipeBarComponent',
  [
    item('HotHeader', 'SECTION_HEADER_NOLINK', { linkName: 'Hot coffee recipes' }),
    item('Latte', 'LOW_IMPORTANCE', {
      linkName: 'Caramel latte',
      linkUrl: '/recipes/caramel-latte',
      linkComponentId: 'HotHeader',
    }),
    item('ArticlesHeader', 'SECTION_HEADER_NOLINK', { linkName: 'Featured' }),
    item('ArtColdBrew', 'ARTICLE', {
      linkName: 'Cold brew at home',
      linkUrl: '/recipes/cold-brew',
      imageUrl: img('cold-brew'),
      label1: 'Smooth, slow and simple.',
      primaryButtonLinkName: 'Learn more',
      primaryButtonLinkUrl: '/recipes/cold-brew',
      linkComponentId: 'ArticlesHeader',
    }),
    item('ArtPumpkin', 'ARTICLE', {
      linkName: 'Pumpkin spice latte',
      linkUrl: '/recipes/pumpkin',
      imageUrl: img('pumpkin'),
      position: '1',
      primaryButtonLinkName: 'Learn more',
      primaryButtonLinkUrl: '/recipes/pumpkin',
      linkComponentId: 'ArticlesHeader',
    }),
    item('ArtMocha', 'ARTICLE', {
      linkName: 'Mocha frappé',
      linkUrl: '/recipes/mocha',
      imageUrl: img('mocha'),
    }),
    item('LargeHeader', 'SECTION_HEADER_NOLINK', { linkName: 'Popular' }),
    item('LargeIced', 'LARGE_IMPORTANCE', {
      linkName: 'Iced coffee',
      linkUrl: '/recipes/iced',
      imageUrl: img('iced'),
      linkComponentId: 'LargeHeader',
    }),
    item('LargeTea', 'LARGE_IMPORTANCE', {
      linkName: 'Tea lattes',
      linkUrl: '/recipes/tea',
      imageUrl: img('tea'),
    }),
    item('SideRecipes', 'SECTION_HEADER_LINK', {
      linkName: 'All recipes',
      linkUrl: '/recipes',
      section: 'sidebar',
    }),
    item('BrandHeading', 'SECTION_HEADER_NOLINK', { linkName: 'Brewco Kitchen', section: 'footer' }),
    ...[1, 2, 3, 4].map((n) =>
      item(`FooterPromo${n}`, 'PROMO', {
        linkName: `Promo ${n}`,
        linkUrl: `/recipes/collection-${n}`,
        label1: `Collection ${n}`,
        imageUrl: img(`collection-${n}`),
        section: 'footer',
      }),
    ),
    item('FooterAllRecipes', 'LOW_IMPORTANCE', {
      linkName: 'Every recipe',
      linkUrl: '/recipes',
      section: 'footer',
    }),
  ],
  'Recipes',
)

const fullWidthPromo = (uid: string) =>
  item(`${uid}Promo`, 'PROMO', {
    linkName: 'Shop the sale',
    linkUrl: `/deals/${uid.toLowerCase()}`,
    label1: '<strong>Up to 30% off</strong>',
    label2: 'This week only',
    imageUrl: img(`${uid}-promo`),
    position: 'right',
  })

export const HOT_BREWERS = component(
  'HotBrewersBarComponent',
  [
    item('SingleHeader', 'SECTION_HEADER_LINK', { linkName: 'Single-serve brewers', linkUrl: '/c/brewers' }),
    item('Elite', 'LARGE_PRODUCT', {
      linkName: 'K-Elite',
      imageUrl: img('k-elite'),
      label1: 'Our most versatile',
      linkComponentId: 'SingleHeader',
    }),
    item('Mini', 'PRODUCT_SIMPLE', {
      linkName: 'K-Mini',
      imageUrl: img('k-mini'),
      linkComponentId: 'SingleHeader',
    }),
    fullWidthPromo('HotBrewers'),
  ],
  'Brewers',
)
export const COFFEE = component(
  'K-CupCoffeeBarComponent',
  [item('Dark', 'LOW_IMPORTANCE', { linkName: 'Dark roast' }), fullWidthPromo('Coffee')],
  'Coffee',
)
export const COMMERCIAL_SHOP = component(
  'CommercialShopBarComponent',
  [
    item('MaxPro', 'MAXPRO', {
      linkName: 'Brewco MaxPro',
      linkUrl: '/commercial/maxpro',
      outerImageUrl: img('maxpro-office'),
      innerImageUrl: img('maxpro-brewer'),
      label1: 'New',
      label2: 'Built for busy offices',
    }),
    fullWidthPromo('CommercialShop'),
  ],
  'Shop',
)
export const KOLD = component(
  'KoldBarComponent',
  [item('Kold', 'LOW_IMPORTANCE', { linkName: 'Cold drinks' }), fullWidthPromo('Kold')],
  'Kold',
)
export const ACCESSORIES = component(
  'NewAccessoriesBarComponent',
  [
    item('Mugs', 'MEDIUM_IMPORTANCE', { linkName: 'Mugs', imageUrl: img('mug') }),
    item('Filters', 'LOW_IMPORTANCE', { linkName: 'Water filters' }),
    fullWidthPromo('Accessories'),
  ],
  'Accessories',
)
export const SUSTAINABILITY = component(
  'SustainabilityBarComponent',
  [
    item('Recycle', 'ARTICLE', {
      linkName: 'How our pods became recyclable',
      linkUrl: '/hub/recyclable-pods',
      imageUrl: img('recycle'),
      label1: 'Peel, empty, recycle.',
      primaryButtonLinkName: 'Learn more',
      primaryButtonLinkUrl: '/hub/recyclable-pods',
    }),
  ],
  'Sustainability',
)
export const BUSINESS_SOLUTIONS = component(
  'CommercialBusinessSolutionComponent',
  [
    item('OfficeHeader', 'SECTION_HEADER_NOLINK', { linkName: 'For your office' }),
    item('Office', 'LARGE_IMPORTANCE', {
      linkName: 'Office coffee service',
      imageUrl: img('office'),
      linkComponentId: 'OfficeHeader',
    }),
  ],
  'Business Solutions',
)
export const STARTER_KIT = component(
  'StarterKitBarComponent',
  [
    item('KitBrewer', 'PRODUCT_DETAIL', {
      linkName: 'Free brewer starter kit',
      linkUrl: '/brewer-starter-kit?offer=free',
      imageUrl: img('starter-kit'),
      label1: 'Best value',
      label2: 'Brewer <em>free</em> with 4 boxes',
      primaryDescription: 'Choose 4 boxes of pods every month and the brewer is on us.',
      primaryButtonLinkName: 'Start now',
      primaryButtonLinkUrl: '/brewer-starter-kit?offer=free&start=1',
      secondaryLinkName: 'How it works',
      secondaryLinkUrl: '/brewer-starter-kit/how-it-works',
      disclaimer: 'Auto Delivery for 4 months required.',
    }),
  ],
  'Starter Kit',
)

/** The ten layouts of nav spec §2 with the layout each component id chooses. */
export const TEN_LAYOUTS = [
  [BEVERAGES, 'beverage'],
  [RECIPES, 'recipe'],
  [SUSTAINABILITY, 'sustainability'],
  [HOT_BREWERS, 'hotBrewers'],
  [COFFEE, 'coffee'],
  [COMMERCIAL_SHOP, 'commercialShop'],
  [KOLD, 'koldBar'],
  [ACCESSORIES, 'accessories'],
  [BUSINESS_SOLUTIONS, 'businessSolutions'],
  [STARTER_KIT, 'starterKit'],
] as const
