import * as v from 'valibot'
import { LABEL_FALLBACKS, type LabelKey } from '../../contracts/labels'
import { MenuSetSchema } from '../../contracts/menuSet'
import { hasFrenchPrefix } from '../../site/language'
import { isSameOriginPath } from '../../site/safePath'
import { HANDLER_NAME } from './menu/linkHandlers'
import { BUILT_IN_SELECTORS } from './menu/selectors'

const LABEL_KEYS = Object.keys(LABEL_FALLBACKS) as LabelKey[]

/** A data selector of an account menu entry (`quick-reorder`, `sign-in`…, menu/accountMenuEntries.ts). */
const SelectorSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z0-9-]*$/, 'a data selector such as quick-reorder'),
)

/** A path on this site in its English form (French pages add /fr themselves). */
const EnglishPathSchema = v.pipe(
  v.string(),
  v.check((url: string) => isSameOriginPath(url), 'a path on this site such as /login'),
  v.check((url: string) => !hasFrenchPrefix(url), 'the English path; French pages add /fr themselves'),
)

/** A header link entry as a brand configures it (header spec §3 "Header link entry"). */
export interface LinkSpec {
  /** The caption's label key (the CMS message map, so it is translated); none for a custom component. */
  label?: LabelKey | undefined
  url?: string | undefined
  dataSelector: string
  showOnLogin: boolean
  showOnLogout: boolean
  showIfCookies: string[]
  subMenuLinks: LinkSpec[]
  className: string
  isNoLink: boolean
  noboLink?: string | undefined
  isNoboUser: boolean
  target: '_self' | '_blank'
  isCustomComponent: boolean
  customComponent?: string | undefined
  options?: unknown
  /** A named link handler (header spec §3 `clickHandler`), run when the link is chosen. */
  clickHandler?: string | undefined
}

/**
 * One entry: a link (label + url), a caption over a sub-menu (`isNoLink`), or a custom component a
 * plugin registered (`isCustomComponent` + `customComponent` + `options`). Recursive through
 * `subMenuLinks`. Every url is an English same-origin path, so configuration can never send a shopper
 * elsewhere.
 */
const LinkSpecSchema: v.GenericSchema<unknown, LinkSpec> = v.pipe(
  v.strictObject({
    label: v.optional(v.picklist(LABEL_KEYS)),
    url: v.optional(EnglishPathSchema),
    dataSelector: SelectorSchema,
    showOnLogin: v.optional(v.boolean(), true),
    showOnLogout: v.optional(v.boolean(), true),
    /** Shown only when every one of these cookies is set (not empty, not 'false'). */
    showIfCookies: v.optional(v.array(v.pipe(v.string(), v.regex(/^[\w.-]+$/, 'a cookie name'))), []),
    subMenuLinks: v.optional(v.array(v.lazy(() => LinkSpecSchema)), []),
    className: v.optional(
      v.pipe(v.string(), v.regex(/^[\w -]*$/, 'class names (letters, digits, - and _)')),
      '',
    ),
    /** A caption, not a link: the heading of its sub-menu. */
    isNoLink: v.optional(v.boolean(), false),
    /** Where an agent (nobo) session goes instead of `url`. */
    noboLink: v.optional(EnglishPathSchema),
    /** Only agent (nobo) sessions see the entry. */
    isNoboUser: v.optional(v.boolean(), false),
    target: v.optional(v.picklist(['_self', '_blank']), '_self'),
    isCustomComponent: v.optional(v.boolean(), false),
    /** The component's id, `<plugin>.<name>`: a manifest's `linkComponents` entry (kernel/plugin/linkComponents.ts). */
    customComponent: v.optional(v.string()),
    /** The component's options, decoded by its own schema when it renders. */
    options: v.optional(v.unknown()),
    /**
     * The name of a link handler a plugin registers (header spec §3 `clickHandler`: `logout`,
     * `openLoginPopup`, `openJoinModal`…), run when the link is chosen; only a name, never code. A
     * name no running plugin registers is logged when the link is chosen, which then goes to its url.
     */
    clickHandler: v.optional(
      v.pipe(v.string(), v.regex(HANDLER_NAME, 'a handler name such as openLoginPopup')),
    ),
  }),
  v.check(
    (e) => !e.isCustomComponent || e.customComponent !== undefined,
    'a custom component entry names its customComponent',
  ),
  v.check(
    (e) => e.isCustomComponent || e.label !== undefined,
    'a link or caption entry has a label (its caption)',
  ),
  v.check(
    (e) => e.isCustomComponent || e.isNoLink || e.url !== undefined,
    'a link entry has a url (or is isNoLink, a caption)',
  ),
)

const selectorsOf = (links: readonly LinkSpec[]): string[] =>
  links.flatMap((l) => [l.dataSelector, ...selectorsOf(l.subMenuLinks)])

/**
 * The auth plugin's options, set per brand in host/brands/<brand>.ts (`{ id: 'auth', options: … }`)
 * and decoded by this schema when the header starts. Every field has a default, the US consumer
 * store's behaviour, so a brand that sets nothing gets that. Unknown keys are refused, so a typo fails.
 */
export const AuthOptionsSchema = v.optional(
  v.strictObject({
    /**
     * Which business menu set the account menu shows (header spec §2, §6): `consumer` (Register
     * Coffee Maker, Quick-Reorder…), `canada` (no Quick-Reorder) or `commercial` (food-service: Build
     * A Bundle, no Register Coffee Maker). The menu-set vocabulary of
     * contracts/menuSet.ts. Default `consumer`; cab2c `canada`, usafh `commercial`.
     */
    menuSet: v.optional(MenuSetSchema, 'consumer'),
    /**
     * The account menu's "Sign In" entry (header spec §2: "the Canadian brand has its own sign-in
     * caption and url"): the label key of its caption and its url, a path on this site (`/fr`
     * prefixed on French pages). Default `{ label: 'header.menu.sign.in', url: '/login' }`; cab2c
     * `{ label: 'header.menu.sign.in.ca', url: '/login?register=true' }`.
     */
    signIn: v.optional(
      v.strictObject({
        label: v.picklist(LABEL_KEYS),
        url: EnglishPathSchema,
      }),
      { label: 'header.menu.sign.in', url: '/login' },
    ),
    /**
     * Data selectors of account menu entries this brand never shows, whatever the menu set (header
     * spec §5: "Quick reorder and cart links are hidden on the Canadian site"). Default `[]`; cab2c
     * `['quick-reorder']`.
     */
    hiddenEntries: v.optional(v.array(SelectorSchema), []),
    /**
     * Whether the store sets its logged-in cookies after login (`GET /handleLoggedInUserCookies`,
     * Header spec §7 "cab2c only"). Default `false`; cab2c `true`.
     */
    loggedInUserCookies: v.optional(v.boolean(), false),
    /**
     * The brand's own header link entries (header spec §3), shown after the menu set's entries and
     * before Support and Sign out, with the same visibility rules (header spec §5) plus `showIfCookies`,
     * `isNoboUser` and nested `subMenuLinks`. Data selectors are unique across the whole tree.
     * Default `[]`.
     */
    links: v.optional(
      v.pipe(
        v.array(LinkSpecSchema),
        v.check(
          (links) => new Set(selectorsOf(links)).size === selectorsOf(links).length,
          'every data selector once',
        ),
        v.check(
          (links) => !selectorsOf(links).some((s) => BUILT_IN_SELECTORS.includes(s)),
          'data selectors other than the built-in entries’ (my-account, sign-out, support…)',
        ),
      ),
      [],
    ),
  }),
  {},
)

export type AuthOptions = v.InferOutput<typeof AuthOptionsSchema>

/** The options of a brand that sets none: the US consumer store's behaviour. */
export const DEFAULT_AUTH_OPTIONS: AuthOptions = v.parse(AuthOptionsSchema, undefined)
