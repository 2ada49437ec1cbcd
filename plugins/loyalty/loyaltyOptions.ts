import * as v from 'valibot'

/** A same-origin path such as `/brewco-rewards` (never another site). */
const SamePath = v.pipe(
  v.string(),
  v.regex(/^\/(?!\/)[\w\-./]*$/, 'a same-origin path such as /brewco-rewards'),
)

/** Where the loyalty display shows (header spec §4 loyalty display). */
export const LOYALTY_PLACES = ['header', 'accountMenu', 'phoneMenu'] as const
export type LoyaltyPlace = (typeof LOYALTY_PLACES)[number]

/**
 * The loyalty plugin's options, set per brand in host/brands/<brand>.ts and decoded when the header
 * starts. Every field has a default (the US consumer store's behaviour); unknown keys are refused, so
 * a typo in a brand file fails. Whether the programme runs at all is the site configuration's
 * (`loyalty.program.enabled` and `loyalty.global.toggle`), so it can be switched without a rebuild.
 */
export const LoyaltyOptionsSchema = v.optional(
  v.strictObject({
    /**
     * Where the rewards prompt, member label or opt-in form shows: the header row (from 992 px),
     * the signed-in account menu, the phone menu. Default all three.
     */
    places: v.optional(v.pipe(v.array(v.picklist(LOYALTY_PLACES)), v.maxLength(LOYALTY_PLACES.length)), [
      ...LOYALTY_PLACES,
    ]),
    /**
     * Whether loyalty-excluded customers are told so with an info tooltip (header spec §4, §6: the
     * Canadian brand). Without it they see no loyalty display at all. Default `false`; cab2c `true`.
     */
    excludedInfo: v.optional(v.boolean(), false),
    /**
     * Whether a super-welcome (SWU) member is shown the super-welcome offer in the member panel
     * (header spec §6: a role of the Canadian brand), when reward data says `isSuperWelcomeUser`
     * (asked with field=full). Default `false`; cab2c `true`.
     */
    superWelcome: v.optional(v.boolean(), false),
    /**
     * The loyalty programme page the join prompt links to before the plugin's code has run, and for
     * visitors in the phone menu (header spec §2: its path carries the brand name).
     */
    programmePage: v.optional(v.strictObject({ en: SamePath, fr: SamePath }), {
      en: '/brewco-rewards',
      fr: '/fr/programme-fidelite-brewco',
    }),
    /** The footer newsletter (header spec §1, §3 newsletter config, header spec §5). */
    newsletter: v.optional(
      v.strictObject({
        /** Whether the footer shows the newsletter sign-up. Default `true`. */
        enabled: v.optional(v.boolean(), true),
        /**
         * Whether the form shows the terms box (`checkboxContent`, label `newsletter.checkbox.content`)
         * that must be ticked (header spec §5: the Canadian brand). Default `false`; cab2c `true`.
         */
        terms: v.optional(v.boolean(), false),
        /** The submit button's colour (header spec §3 `submitButton` colour); '' is the brand's accent. */
        submitColor: v.optional(v.pipe(v.string(), v.regex(/^(#[0-9a-fA-F]{6})?$/, 'a #rrggbb colour')), ''),
      }),
      {},
    ),
  }),
  {},
)

export type LoyaltyOptions = v.InferOutput<typeof LoyaltyOptionsSchema>

/** The options of a brand that sets none. */
export const DEFAULT_LOYALTY_OPTIONS: LoyaltyOptions = v.parse(LoyaltyOptionsSchema, undefined)
