import type { Brand, Lang } from '../site/brand'
import { PLUGIN_ABOUT } from './pluginAbout'

/**
 * What the operators' console (server/console) shows of the header's plugins: each brand file's
 * plugin ids in order (`host/brands/<brand>.ts`), its languages, and each manifest's `requires`,
 * `about` and slots. The server never imports the host or a plugin: the descriptions are the very
 * rows the manifests declare (contracts/pluginAbout.ts); the order, `requires` and slots are a copy,
 * and `test/integration/brandPluginFacts.test.ts` fails the moment they and the brand files or
 * manifests disagree.
 */
export interface PluginFacts {
  id: string
  /** The manifest's `requires`: plugins that must run for this one to start. */
  requires: readonly string[]
  /** The manifest's `about` (contracts/pluginAbout.ts): name, what it shows, owner, its calls. */
  name: string
  shows: string
  owner: string
  calls: readonly string[]
  /** The slots the manifest fills: what is left empty on the store while it is off. */
  slots: readonly string[]
}

const RUN_BY_EVERY_BRAND: readonly PluginFacts[] = [
  {
    id: 'logging',
    requires: [],
    ...PLUGIN_ABOUT.logging,
    slots: [],
  },
  {
    id: 'analytics',
    requires: [],
    ...PLUGIN_ABOUT.analytics,
    slots: [],
  },
  {
    id: 'consent',
    requires: [],
    ...PLUGIN_ABOUT.consent,
    slots: ['header.cookieBanner'],
  },
  {
    id: 'content',
    requires: [],
    ...PLUGIN_ABOUT.content,
    slots: [],
  },
  {
    id: 'nav',
    requires: [],
    ...PLUGIN_ABOUT.nav,
    slots: ['header.nav', 'header.mobileMenu.categories'],
  },
  {
    id: 'search',
    requires: [],
    ...PLUGIN_ABOUT.search,
    slots: ['header.search'],
  },
  {
    id: 'auth',
    requires: [],
    ...PLUGIN_ABOUT.auth,
    slots: ['header.account', 'header.mobileMenu', 'header.sessionDialog', 'header.siteNotice'],
  },
  {
    id: 'loyalty',
    requires: [],
    ...PLUGIN_ABOUT.loyalty,
    slots: ['header.loyalty', 'header.account.loyalty', 'header.mobileMenu.loyalty', 'footer.newsletter'],
  },
]

export const BRAND_PLUGINS: Readonly<Record<Brand, readonly PluginFacts[]>> = {
  usb2c: RUN_BY_EVERY_BRAND,
  cab2c: RUN_BY_EVERY_BRAND,
  usafh: RUN_BY_EVERY_BRAND,
}

/** Each brand file's `shell.languages`: a brand's plugin switches are set per language it has. */
export const BRAND_LANGUAGES: Readonly<Record<Brand, readonly Lang[]>> = {
  usb2c: ['en'],
  cab2c: ['en', 'fr'],
  usafh: ['en'],
}

/**
 * The plugins a brand must run because a law or a contract says so, with why. A brand team may not
 * switch them off; an admin may, with a second confirmation and a reason of its own.
 */
export interface Obligation {
  plugin: string
  why: string
}

/** Consent on every store: trackers wait for the visitor's choice, and the banner is how it is asked. */
const CONSENT_EVERYWHERE: Obligation = {
  plugin: 'consent',
  why: 'The cookie banner asks for the visitor’s consent before any tracker runs (state privacy laws and the tag vendors’ contracts).',
}

export const BRAND_OBLIGATIONS: Readonly<Record<Brand, readonly Obligation[]>> = {
  usb2c: [CONSENT_EVERYWHERE],
  cab2c: [
    CONSENT_EVERYWHERE,
    {
      plugin: 'consent',
      why: 'Canada’s privacy and cookie notices are linked from its banner, in English and French (PIPEDA, Quebec’s Law 25).',
    },
  ],
  usafh: [CONSENT_EVERYWHERE],
}

/**
 * The plugins left running that need one of `off`, each with the ones it needs: a switch set that
 * leaves any is refused, naming them (the kernel would not start them: registry's MISSING_DEPENDENCY).
 */
export function unmetRequirements(
  plugins: readonly Pick<PluginFacts, 'id' | 'requires'>[],
  off: ReadonlySet<string>,
): { id: string; needs: string[] }[] {
  return plugins
    .filter((p) => !off.has(p.id))
    .map((p) => ({ id: p.id, needs: p.requires.filter((r) => off.has(r)) }))
    .filter((p) => p.needs.length > 0)
}

/** The obligations of `brand` that switching off `off` would break. */
export const brokenObligations = (brand: Brand, off: ReadonlySet<string>): Obligation[] =>
  BRAND_OBLIGATIONS[brand].filter((o) => off.has(o.plugin))
