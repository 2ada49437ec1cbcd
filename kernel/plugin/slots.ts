/**
 * A component a slot renders. The kernel keeps it opaque (React lives only in kernel/react, which
 * renders it); any function component without required props fits.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component's props and return type are React's business
export type SlotComponent = (props: any) => unknown

/**
 * The named places of the header shell (header spec §1), one per area. The shell renders each with
 * `<Slot name="…" />` (host/frame/Shell.test.tsx checks every one); plugins (and the shell's own core
 * plugin) contribute components to them. A name is added here together with its place in the shell.
 */
export const SHELL_SLOT_NAMES = [
  'header.notification',
  'header.siteNotice',
  'header.freeShipping',
  'header.logo',
  'header.search',
  'header.language',
  'header.support',
  'header.account',
  'header.cart',
  'header.nav',
  'header.mobileMenu',
  'header.loyalty',
  'header.sessionDialog',
  'header.cookieBanner',
] as const

export type ShellSlotName = (typeof SHELL_SLOT_NAMES)[number]

/**
 * Places inside one plugin's own view that another plugin fills, so the two meet without importing
 * each other; each is named with the shell slot whose content renders it, and the shell itself never
 * does (host/frame/Shell.test.tsx checks that; the hosting plugin's test checks it renders the place):
 * the phone menu's dialog (auth, in `header.mobileMenu`) lists the navigation's categories before its
 * account links.
 */
export const NESTED_SLOTS = {
  'header.mobileMenu.categories': 'header.mobileMenu',
  // The loyalty plugin's member panel or opt-in form inside the account menu and the phone menu
  //; where it shows is the brand's loyalty options.
  'header.account.loyalty': 'header.account',
  'header.mobileMenu.loyalty': 'header.mobileMenu',
} as const satisfies Record<string, ShellSlotName>

export type NestedSlotName = keyof typeof NESTED_SLOTS

/**
 * Places on the host page outside the header, each in a root of its own the host mounts beside the
 * header's (host/startUp/renderPageSlots.tsx): the footer's newsletter. The host page has
 * one mount point per name (`data-one-header-slot="footer.newsletter"`); a page without it shows none.
 */
export const PAGE_SLOT_NAMES = ['footer.newsletter'] as const

export type PageSlotName = (typeof PAGE_SLOT_NAMES)[number]

/** Every slot a plugin may contribute to: the shell's places, the nested ones and the page's. */
export const SLOT_NAMES: readonly (ShellSlotName | NestedSlotName | PageSlotName)[] = [
  ...SHELL_SLOT_NAMES,
  ...(Object.keys(NESTED_SLOTS) as NestedSlotName[]),
  ...PAGE_SLOT_NAMES,
]

export type SlotName = ShellSlotName | NestedSlotName | PageSlotName

/**
 * The rows the shell owns around its slots (header spec §1): the app banner and the global
 * notification on top, the utility row (free shipping, support, languages), the CMS promotion row.
 * No plugin fills them as a whole; the shell plugin draws each, with the slots inside them
 * (`header.notification`, `header.freeShipping`, …) open to other plugins.
 */
export const SHELL_ROW_NAMES = ['shell.top', 'shell.utility', 'shell.promo'] as const
export type ShellRowName = (typeof SHELL_ROW_NAMES)[number]

export function isSlotName(name: string): name is SlotName {
  return (SLOT_NAMES as readonly string[]).includes(name)
}

/** A contribution renders eagerly (part of the entry chunk) or lazily (its own chunk, on demand). */
export type SlotContribution =
  | { kind: 'eager'; component: SlotComponent }
  | { kind: 'lazy'; load: () => Promise<{ default: SlotComponent }>; placeholder?: SlotComponent }

/** A contribution that ships with the plugin's chunk. */
export const eagerSlot = (component: SlotComponent): SlotContribution => ({ kind: 'eager', component })

/**
 * A contribution loaded in its own chunk the first time the slot renders. `placeholder`, a small
 * component of the plugin's main chunk, stands in while that chunk loads (the consent banner's
 * served copy, so the banner never blinks out when the live shell takes over).
 */
export const lazySlot = (
  load: () => Promise<{ default: SlotComponent }>,
  placeholder?: SlotComponent,
): SlotContribution => (placeholder ? { kind: 'lazy', load, placeholder } : { kind: 'lazy', load })
