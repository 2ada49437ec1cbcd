/**
 * Schemas of the CMS payloads (header spec §3 and §7), shared by the header, which decodes every
 * response with them, and the reference server, which validates its fixtures against them.
 * Wrong-shaped data fails here and becomes an error value instead of a crash further down.
 */
import * as v from 'valibot'

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
  content: v.optional(v.string()),
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

/** The account menus' banner: a slot fetched by position, its components chosen by `isLoggedIn`. */
export const SLOT_ACCOUNT_MENU_BANNER = 'AccountMenuBannerSlot'

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
export const SLOT_GLOBAL_NOTIFICATION = 'GlobalNotificationSlot'
export const SLOT_HEADER_PROMO = 'HeaderPromoSlot'

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
  linkName: v.string(),
  url: v.string(),
  linkColor: v.optional(v.string()),
  linkIcon: v.optional(v.string()),
})

/** A navigation component (header spec §3). `visible` and `highlighted` are the strings 'true'/'false'. */
/**
 * One item of a navigation flyout panel (nav spec §2 "Content items have a mode … grouped into
 * body, sideBar and footer. Items attach to a section header through a link to the header's
 * component id"). `headerId` is that link.
 */
export const FlyoutItemSchema = v.object({
  uid: v.string(),
  mode: v.string(),
  linkName: v.string(),
  url: v.optional(v.string()),
  section: v.optional(v.picklist(['body', 'sideBar', 'footer']), 'body'),
  headerId: v.optional(v.string()),
  visible: v.optional(v.string(), 'true'),
})
export type FlyoutItem = v.InferOutput<typeof FlyoutItemSchema>

export const NavComponentSchema = v.object({
  uid: v.string(),
  typeCode: v.optional(v.string()),
  visible: v.optional(v.string(), 'true'),
  highlighted: v.optional(v.string(), 'false'),
  linkName: v.optional(v.string()),
  url: v.optional(v.string()),
  link: v.optional(NavLinkSchema),
  /**
   * The item's flyout panel content. A wrong-shaped list loses only this item's flyout (the item
   * stays a plain link), never the navigation bar.
   */
  flyoutContent: v.fallback(v.optional(v.array(FlyoutItemSchema)), undefined),
})
export type NavComponent = v.InferOutput<typeof NavComponentSchema>

/** GET cms/components?componentIds=a,b&pageSize&lang */
export const ComponentsResponseSchema = v.object({
  component: v.optional(v.array(NavComponentSchema), []),
})

/** The support link lives in the navigation data under this uid (header spec §2). */
export const SUPPORT_LINK_UID = 'HeaderSupportLinkComponent'

/** Error body of the reference server and of the real API for 4xx answers. */
export const ApiErrorSchema = v.object({
  errors: v.array(v.object({ type: v.string(), message: v.string(), reason: v.optional(v.string()) })),
})

/** CMS and navigation components render only when visible (nav spec §2); the flag is the string 'false'. */
export const isVisible = (c: { visible?: string }): boolean => c.visible !== 'false'
