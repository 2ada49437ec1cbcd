/**
 * A component a slot renders. The kernel keeps it opaque (React lives only in kernel/react, which
 * renders it); any function component without required props fits.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component's props and return type are React's business
export type SlotComponent = (props: any) => unknown

/**
 * The named places of the header shell (header spec §1), one per area. The shell renders each with
 * `<Slot name="…" />` (host/shell/Shell.test.tsx checks every one); plugins (and the shell's own core
 * plugin) contribute components to them. A name is added here together with its place in the shell.
 */
export const SLOT_NAMES = [
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

export type SlotName = (typeof SLOT_NAMES)[number]

export function isSlotName(name: string): name is SlotName {
  return (SLOT_NAMES as readonly string[]).includes(name)
}

/** A contribution renders eagerly (part of the entry chunk) or lazily (its own chunk, on demand). */
export type SlotContribution =
  | { kind: 'eager'; component: SlotComponent }
  | { kind: 'lazy'; load: () => Promise<{ default: SlotComponent }> }

/** A contribution that ships with the plugin's chunk. */
export const eagerSlot = (component: SlotComponent): SlotContribution => ({ kind: 'eager', component })

/** A contribution loaded in its own chunk the first time the slot renders. */
export const lazySlot = (load: () => Promise<{ default: SlotComponent }>): SlotContribution => ({
  kind: 'lazy',
  load,
})
