import * as v from 'valibot'
import { LABEL_FALLBACKS, type LabelKey } from '../../contracts/labels'
import { MenuSetSchema } from '../../contracts/menuSet'
import { hasFrenchPrefix } from '../../site/language'
import { isSameOriginPath } from '../../site/safePath'

const LABEL_KEYS = Object.keys(LABEL_FALLBACKS) as LabelKey[]

/** A data selector of an account menu entry (`quick-reorder`, `sign-in`…, menu/accountMenuEntries.ts). */
const SelectorSchema = v.pipe(
  v.string(),
  v.regex(/^[a-z][a-z0-9-]*$/, 'a data selector such as quick-reorder'),
)

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
     * A Bundle, no Register Coffee Maker). The same vocabulary as nav's `menuSet`
     * (contracts/menuSet.ts). Default `consumer`; cab2c `canada`, usafh `commercial`.
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
        url: v.pipe(
          v.string(),
          v.check((url: string) => isSameOriginPath(url), 'a path on this site such as /login'),
          v.check(
            (url: string) => !hasFrenchPrefix(url),
            'the English path; French pages add /fr themselves',
          ),
        ),
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
     * header spec §7 "cab2c only"). Default `false`; cab2c `true`.
     */
    loggedInUserCookies: v.optional(v.boolean(), false),
  }),
  {},
)

export type AuthOptions = v.InferOutput<typeof AuthOptionsSchema>

/** The options of a brand that sets none: the US consumer store's behaviour. */
export const DEFAULT_AUTH_OPTIONS: AuthOptions = v.parse(AuthOptionsSchema, undefined)
