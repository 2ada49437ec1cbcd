/**
 * Schemas of the CMS payloads (header spec §3 and §7), shared by the header, which decodes every
 * response with them, and the reference server, which validates its fixtures against them.
 * Wrong-shaped data fails here and becomes an error value instead of a crash further down.
 */
import * as v from 'valibot'
import { keepPunctuationTogetherInHtml } from '../site/typography'

export {
  HEADER_PAGE_UID,
  isVisible,
  NAVIGATION_SLOT,
  SLOT_ACCOUNT_MENU_BANNER,
  SLOT_GLOBAL_NOTIFICATION,
  SLOT_HEADER_PROMO,
  SUPPORT_LINK_UID,
} from './cmsNames'

/** A key/value entry as SAP Commerce sends maps. */
export const EntrySchema = v.object({ key: v.string(), value: v.string() })
export type Entry = v.InferOutput<typeof EntrySchema>

const EntryMap = v.object({ entry: v.optional(v.array(EntrySchema), []) })

/** GET cms/siteConfig?lang&pageLabelOrId=NAVIGATIONHEADER */
export const SiteConfigResponseSchema = v.object({
  siteConfigurations: v.optional(EntryMap, { entry: [] }),
  messageItems: v.optional(EntryMap, { entry: [] }),
})
export type SiteConfigResponse = v.InferOutput<typeof SiteConfigResponseSchema>

/**
 * CMS text (it may carry HTML): its punctuation kept on the line of the word before it, French
 * typography (site/typography.ts), so every page, served or live, draws it the same.
 */
const CmsText = v.pipe(v.string(), v.transform(keepPunctuationTogetherInHtml))

const MediaSourceSchema = v.object({ url: v.string(), altText: v.optional(v.string(), '') })
/**
 * A CMS image's sources per width (header spec §9: they switch at 480, 1024, 1200 and 1440 px). The
 * spec shows desktop, tablet and mobile; `largeDesktop` (from 1200 px) and `widescreen` (from
 * 1440 px) are ours, optional, and fall back to the next narrower source the CMS gives.
 */
export const MediaSchema = v.object({
  widescreen: v.optional(MediaSourceSchema),
  largeDesktop: v.optional(MediaSourceSchema),
  desktop: v.optional(MediaSourceSchema),
  tablet: v.optional(MediaSourceSchema),
  mobile: v.optional(MediaSourceSchema),
})
export type Media = v.InferOutput<typeof MediaSchema>

/** The CMS component types the header renders; any other type code is ignored (and logged). */
export const CMS_PARAGRAPH = 'CMSParagraphComponent'
export const CMS_IMAGE = 'CMSImageComponent'

export const CmsComponentSchema = v.object({
  typeCode: v.string(),
  uid: v.string(),
  uuid: v.optional(v.string()),
  /** The CMS sends booleans as the strings 'true' and 'false'. */
  visible: v.optional(v.string(), 'true'),
  content: v.optional(CmsText),
  media: v.optional(MediaSchema),
  horizontalAlignment: v.optional(v.picklist(['LEFT', 'CENTER', 'RIGHT']), 'LEFT'),
  linkUrl: v.optional(v.string()),
  /**
   * Who the component is for in a slot fetched by position (`cms/components?…&isLoggedIn=`, header
   * spec §7 content-slot component fetch): signed-in or signed-out shoppers; everyone when absent.
   */
  audience: v.optional(v.picklist(['loggedIn', 'loggedOut'])),
  /**
   * Targeted content (header spec §6): the visitor segments the component is for. The server picks
   * a slot's targeted component in place of its untargeted ones (server/cms/targeting.ts); the header
   * shows what it is sent and never reads this.
   */
  segments: v.optional(v.array(v.string())),
})
export type CmsComponent = v.InferOutput<typeof CmsComponentSchema>

/** Whether a component is for this shopper (its `audience`). */
export const isForAudience = (c: Pick<CmsComponent, 'audience'>, isLoggedIn: boolean): boolean =>
  c.audience === undefined || c.audience === (isLoggedIn ? 'loggedIn' : 'loggedOut')

export const ContentSlotSchema = v.object({
  position: v.string(),
  slotId: v.optional(v.string()),
  slotUuid: v.optional(v.string()),
  componentUids: v.optional(v.object({ componentUidList: v.optional(v.array(v.string()), []) })),
  components: v.optional(v.object({ component: v.optional(v.array(CmsComponentSchema), []) }), {
    component: [],
  }),
})
export type ContentSlot = v.InferOutput<typeof ContentSlotSchema>

/** Header slot positions the shell renders. */

/** GET cms/pages?lang&pageLabelOrId=oneHeader: the header's CMS content slots. */
export const HeaderPageResponseSchema = v.object({
  uid: v.optional(v.string()),
  contentSlots: v.optional(v.object({ contentSlot: v.optional(v.array(ContentSlotSchema), []) }), {
    contentSlot: [],
  }),
})
export type HeaderPageResponse = v.InferOutput<typeof HeaderPageResponseSchema>

/** GET cms/content-slots/NavigationBarSlot?lang */
export const NavigationSlotResponseSchema = v.object({
  componentUids: v.object({ componentUidList: v.array(v.string()) }),
})

export const NavLinkSchema = v.object({
  uid: v.optional(v.string()),
  linkName: CmsText,
  url: v.string(),
  /**
   * The colour and the named icon an editor marks an item with ("Deals" in red with a tag): read by
   * the navigation plugin (plugins/nav/linkStyle.ts), which checks the colour's contrast and knows a
   * small set of icon names. Anything else in them is dropped, never the link.
   */
  linkColor: v.fallback(v.optional(v.string()), undefined),
  linkIcon: v.fallback(v.optional(v.string()), undefined),
})
export type NavLink = v.InferOutput<typeof NavLinkSchema>

/**
 * One item of a navigation flyout panel (nav spec §3 "Navigation item"). `mode` is one of the twelve
 * content modes (nav spec §2; an unknown mode is skipped by the panel, never an error). An item
 * attaches to a section header through `linkComponentId` = the header's `componentId`. `section`
 * (BODY, SIDEBAR or FOOTER, any case) places an item of the flat `nextGenNavComponents` list; in
 * the grouped lists the list itself says where it goes. Text fields may carry HTML: the panel puts
 * each through the one sanitiser; every URL through the same-origin rule.
 */
export const NavItemSchema = v.object({
  componentId: v.string(),
  mode: v.string(),
  linkComponentId: v.optional(v.string()),
  /** "1" is the first article slot of the recipe layout. */
  position: v.optional(v.string()),
  linkUrl: v.optional(v.string()),
  linkName: v.optional(CmsText, ''),
  headerName: v.optional(CmsText),
  headerLinkUrl: v.optional(v.string()),
  section: v.optional(v.string()),
  imageUrl: v.optional(v.string()),
  outerImageUrl: v.optional(v.string()),
  innerImageUrl: v.optional(v.string()),
  label1: v.optional(CmsText),
  label2: v.optional(CmsText),
  primaryDescription: v.optional(CmsText),
  primaryButtonLinkName: v.optional(CmsText),
  primaryButtonLinkUrl: v.optional(v.string()),
  secondaryLinkName: v.optional(CmsText),
  secondaryLinkUrl: v.optional(v.string()),
  disclaimer: v.optional(CmsText),
  /** A CSS colour for the card's background (promo cards); anything else is ignored. */
  backgroundColor: v.optional(v.string()),
  visible: v.optional(v.string(), 'true'),
})
export type NavItemData = v.InferOutput<typeof NavItemSchema>

/** A list of items where one wrong-shaped item is dropped, never the whole list. */
const navItemList = v.pipe(
  v.array(v.unknown()),
  v.transform((list) =>
    list.flatMap((raw) => {
      const parsed = v.safeParse(NavItemSchema, raw)
      return parsed.success ? [parsed.output] : []
    }),
  ),
)

/** Menu data (nav spec §3): the body, sideBar and footer lists of a panel. */
export const MenuDataSchema = v.object({
  body: v.fallback(v.optional(navItemList, []), []),
  sideBar: v.fallback(v.optional(navItemList, []), []),
  footer: v.fallback(v.optional(navItemList, []), []),
})
export type MenuData = v.InferOutput<typeof MenuDataSchema>

/**
 * A top-level item's panel as the CMS sends it (header spec §3: navBarComponent.content,
 * groupedNextGenNavComponentsList, nextGenNavComponents), three shapes the plugin merges:
 * - `navBarComponent.uid` is the panel's component id, which chooses its layout (nav spec §2 table,
 *   e.g. `BeveragesBarComponent`, `K-CupCoffeeBarComponent`); `navBarComponent.content` is menu data;
 * - `groupedNextGenNavComponentsList`: body groups, each a header's items (`nextGenNavComponents`);
 * - `nextGenNavComponents`: a flat list, each item placed by its `section`.
 */
export const NavBarComponentSchema = v.object({
  uid: v.string(),
  content: v.fallback(v.optional(MenuDataSchema), undefined),
})
export const NavGroupSchema = v.object({
  nextGenNavComponents: v.fallback(v.optional(navItemList, []), []),
})

/** A navigation component (header spec §3). `visible` and `highlighted` are the strings 'true'/'false'. */
export const NavComponentSchema = v.object({
  uid: v.string(),
  typeCode: v.optional(v.string()),
  visible: v.optional(v.string(), 'true'),
  highlighted: v.optional(v.string(), 'false'),
  linkName: v.optional(CmsText),
  url: v.optional(v.string()),
  link: v.optional(NavLinkSchema),
  /**
   * The item's flyout panel. A wrong-shaped part loses only that part (the item stays a plain link
   * when nothing is left), never the navigation bar.
   */
  navBarComponent: v.fallback(v.optional(NavBarComponentSchema), undefined),
  groupedNextGenNavComponentsList: v.fallback(v.optional(v.array(NavGroupSchema)), undefined),
  nextGenNavComponents: v.fallback(v.optional(navItemList), undefined),
})
export type NavComponent = v.InferOutput<typeof NavComponentSchema>

/** GET cms/components?componentIds=a,b&pageSize&lang */
export const ComponentsResponseSchema = v.object({
  component: v.optional(v.array(NavComponentSchema), []),
})

/** Error body of the reference server and of the real API for 4xx answers. */
export const ApiErrorSchema = v.object({
  errors: v.array(v.object({ type: v.string(), message: v.string(), reason: v.optional(v.string()) })),
})
