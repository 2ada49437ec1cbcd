/**
 * Services that one plugin provides and others (or the shell) use: the ref lives here, in neither
 * plugin, so no plugin imports another's files. Only refs used across plugins belong here; a
 * plugin's own refs stay in its folder. Whoever provides one declares it in its manifest's
 * `services`; a consumer asks with `ctx.optional(ref)` / `useOptionalService(ref)`, since the
 * provider may be switched off for a brand.
 */
import type { Observable } from 'rxjs'
import type { AlertMe } from './alertMe'
import type { CustomerDetails } from './auth'
import type { CmsComponent, HeaderPageResponse, NavComponent } from './cms'
import type { Geocode } from './geocode'
import type { LogInput, LogRecord } from './logRecord'
import type { Resource } from './resource'
import { createServiceRef } from './serviceRef'
import type { SiteConfig } from './siteConfig'
import type { StateStream } from './stateStream'

/**
 * The header's CMS data (header content slots and navigation), fetched once by the host, which puts
 * it into the kernel before plugins start (`createKernel({ services })`); the shell and plugins read it.
 */
export interface HeaderData {
  /** Header content slots (global notification, promo). */
  page$: StateStream<Resource<HeaderPageResponse>>
  /** Navigation components in slot order (visible or not; consumers filter). */
  navigation$: StateStream<Resource<NavComponent[]>>
}
export const headerDataRef = createServiceRef<HeaderData>('host.headerData')

/**
 * "Notify me" (header spec §7 alert/alertMe); the content plugin provides it. The host hands it to
 * page code as `window.oneHeader.alertMe`.
 */
export const alertMeRef = createServiceRef<AlertMe>('content.alertMe')

/**
 * "Maps geocode" (header spec §7): a typed place to a point and an address; the content plugin
 * provides it. The host hands it to page code as `window.oneHeader.geocode`.
 */
export const geocodeRef = createServiceRef<Geocode>('content.geocode')

/**
 * A named action a header link or sub-menu link runs when chosen (header spec §3 `clickHandler`;
 * navigation spec §3 and §7: it "receives the event, a sign-out function, an identity-provider logout
 * and the site configuration"). It may call `event.preventDefault()` to keep the shopper on the page;
 * if it does not, the link goes to its url as a plain link would.
 */
export type LinkClickHandler = (
  event: MouseEvent,
  signOut: () => Promise<void>,
  identityProviderLogout: () => Promise<void>,
  siteConfig: SiteConfig,
) => void

/**
 * The allow-list of link handlers, by name; the auth plugin provides it (it draws the header's link
 * menus) and registers `logout` and `openLoginPopup`, other plugins add theirs when they start
 * (loyalty: `openJoinModal`). Configuration only ever names a handler: no code from content runs.
 */
export interface LinkHandlers {
  /** Adds a handler under `name` while the plugin runs; returns its removal. A taken name is refused (logged). */
  register(name: string, handler: LinkClickHandler): () => void
  /** The names registered now. */
  names(): string[]
  /**
   * Runs the handler `name` for a link's click: true when one ran. An unknown name, or one that
   * throws, is logged and the click goes on as a plain link's.
   */
  run(name: string, event: MouseEvent): boolean
}
export const linkHandlersRef = createServiceRef<LinkHandlers>('auth.linkHandlers')

/** Whether an agent (nobo) session is active now (header spec §6); the auth plugin provides it. */
export const agentSessionRef = createServiceRef<() => boolean>('auth.agentSession')

/** Items in the shopper's cart; the auth plugin provides it. The mini-cart shows no count without it. */
export const cartCountRef = createServiceRef<Observable<number>>('cart.count')

/** Writes a log record (nav spec §3); the logging plugin provides it. Other plugins log through it. */
export interface Logger {
  log(input: LogInput): void
  /** Adds a destination; the records of the last moments are replayed to it (telemetry loads late). */
  addSink(sink: (record: LogRecord) => void): () => void
}
export const loggerRef = createServiceRef<Logger>('logging.logger')

/**
 * A content slot's components fetched by position (header spec §7 content-slot component fetch:
 * componentUids, position, isLoggedIn), for plugins that show CMS content of their own (the account
 * menus' banner); the shell provides it. Visible components for this audience only, cached per
 * position and audience; never rejects.
 */
export interface ContentSlots {
  components(position: string, isLoggedIn: boolean): Promise<Resource<CmsComponent[]>>
  /** The components already in for this position and audience (a menu opening renders them at once). */
  peek(position: string, isLoggedIn: boolean): CmsComponent[] | undefined
}
export const contentSlotsRef = createServiceRef<ContentSlots>('shell.contentSlots')

/** Who is using the header, as other plugins need to know it (header spec §6); auth's own state has more. */
export type ShopperSession =
  | { status: 'anonymous' }
  | {
      status: 'signedIn'
      /** The customer (for an agent session, the customer the agent acts for). */
      customerId: string
      /** An agent (nobo) session: the agent's id, which opt-ins carry (header spec §3 perks payload). */
      agent: { csAgentId: string } | null
    }

/**
 * The signed-in shopper and their customer data (header spec §3), for plugins that show what the
 * account knows (loyalty: perksOptIn, isLoyaltyExcludedCustomer, loyaltyCashbackBalance); the auth
 * plugin provides it. Without auth, a consumer treats everyone as a visitor.
 */
export interface ShopperAccount {
  readonly session$: StateStream<ShopperSession>
  readonly customer$: StateStream<Resource<CustomerDetails>>
  /** Reads customer data again, keeping the last answer on screen meanwhile (after an opt-in). */
  reloadCustomer(): Promise<void>
}
export const shopperAccountRef = createServiceRef<ShopperAccount>('auth.shopperAccount')
