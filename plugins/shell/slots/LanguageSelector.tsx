import { type MouseEvent, useEffect, useRef } from 'react'
import type { Labels } from '../../../contracts/labels'
import { agentSessionRef } from '../../../contracts/serviceRefs'
import { useOptionalService, useService, useServiceHandle } from '../../../kernel/react/KernelProvider'
import { useEmit, usePluginOptions } from '../../../kernel/react/PluginBoundary'
import { useHydrated } from '../../../kernel/react/useHydrated'
import { cookiesRef, headerContextRef } from '../../../kernel/services/kernelRefs'
import { markInteraction } from '../../../kernel/telemetry/spans'
import type { Lang } from '../../../site/brand'
import { liveReplay, pendingReplay, recordedPresses } from '../../../site/pressRecorder'
import { switchLanguageUrl } from '../../../site/routeTable'
import { languageCookieDecision } from '../languageCookie'
import type { ShellOptions } from '../shellOptions'
import styles from './shell.module.css'

export const LANGUAGE_NAMES: Record<Lang, { short: string; long: string; hrefLang: string }> = {
  en: { short: 'EN', long: 'English', hrefLang: 'en-CA' },
  fr: { short: 'FR', long: 'Français', hrefLang: 'fr-CA' },
}

/**
 * The language switch of the page: the shell's languages, the url of the same page in each (route
 * table of header spec §2, query kept; undefined for the current one) and the click handler that
 * records the choice in the language-chosen cookie when allowed (header spec §4). Shared by the "EN |
 * FR" selector and the link-menu entry (LanguageLinks).
 */
export function useLanguageSwitch({ languages, brandSlug }: Pick<ShellOptions, 'languages' | 'brandSlug'>) {
  const emit = useEmit()
  const ctx = useService(headerContextRef)
  const agentSession = useOptionalService(agentSessionRef)
  const cookies = useServiceHandle(cookiesRef)

  const oppositeLanguage =
    ctx.hiddenInputs.oppositeLanguageCategory && ctx.hiddenInputs.oppositeLanguageTitle
      ? { category: ctx.hiddenInputs.oppositeLanguageCategory, title: ctx.hiddenInputs.oppositeLanguageTitle }
      : undefined
  const hrefFor = (lang: Lang) =>
    lang === ctx.lang
      ? undefined
      : switchLanguageUrl(ctx.location, lang, { brandName: brandSlug, oppositeLanguage })

  const choose = (target: Lang, href: string) => (_event: MouseEvent) => {
    const decision = languageCookieDecision({
      target,
      // Agents never get the language cookie (header spec §6); the auth plugin, when running, knows.
      isAgent: agentSession?.() ?? false,
      allowedCookies: ctx.siteConfig.allowedCookies,
      expiryDays: ctx.siteConfig.languageCookieExpiryDays,
      brand: ctx.brand,
      frenchExpiryDays: ctx.siteConfig.frenchCookieExpiryDays,
    })
    if (decision.set) cookies?.set(decision.name, decision.value, { expiresDays: decision.expiresDays })
    markInteraction('language.switch', { 'language.from': ctx.lang, 'language.to': target })
    emit('language:switched', { from: ctx.lang, to: target, target: href })
  }
  // The choice can be recorded once the cookies can be written (the kernel has started).
  return { languages, labels: ctx.labels, hrefFor, choose: cookies ? choose : undefined }
}

/**
 * The "EN | FR" selector: real links to the same page in the other language, so it works before
 * JavaScript, with a middle click and for crawlers; a click also records the choice (useLanguageSwitch).
 * Drawn once: until the choice can be recorded, a press on a link is kept, and answered then.
 */
export function LanguageSelector() {
  // The shell's own options: this part is drawn before the kernel, as the shell plugin's.
  const { languages, labels, hrefFor, choose } = useLanguageSwitch(usePluginOptions<ShellOptions>())
  const hydrated = useHydrated()
  const live = hydrated ? choose : undefined
  const links = useRef<Partial<Record<Lang, HTMLAnchorElement | null>>>({})
  useEffect(() => {
    if (!live) return
    for (const lang of languages) {
      const key = languageReplayKey(lang)
      for (const press of recordedPresses(window)) {
        if (press.done || press.key !== key) continue
        press.done = true
        links.current[lang]?.focus({ preventScroll: true })
        links.current[lang]?.click()
      }
    }
  }, [live, languages])
  return (
    <LanguageSelectorView
      languages={languages}
      labels={labels}
      hrefFor={hrefFor}
      {...(live ? { choose: live } : {})}
      linkRef={(lang, el) => {
        links.current[lang] = el
      }}
    />
  )
}

/** The replay key of the link to `lang` (site/pressRecorder.ts). */
export const languageReplayKey = (lang: Lang) => `language:${lang}`

/**
 * The selector's markup, the same in the served first view and the live header. Only the live link
 * records the choice in the cookie, so a press on a served one is kept for it: answered once the
 * selector is live, or followed as a plain link after a while if it never is.
 */
export function LanguageSelectorView({
  languages,
  labels,
  hrefFor,
  choose,
  linkRef,
}: {
  languages: readonly Lang[]
  labels: Labels
  hrefFor: (lang: Lang) => string | undefined
  choose?: (target: Lang, href: string) => (event: MouseEvent) => void
  linkRef?: (lang: Lang, element: HTMLAnchorElement | null) => void
}) {
  if (languages.length < 2) return null
  return (
    // A named group, not a landmark: the header's navigation landmark is its categories', first
    // among them (a shopper, or a tool, taking the header's first navigation found the languages).
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; these are two links
    <div role="group" className={styles.language} aria-label={labels['header.language.label']}>
      {languages.map((lang, i) => {
        const href = hrefFor(lang)
        return (
          <span key={lang} className={styles.languageItem}>
            {i > 0 && (
              <span className={styles.languageBar} aria-hidden="true">
                |
              </span>
            )}
            {href === undefined ? (
              <span
                className={styles.languageCurrent}
                aria-current="true"
                lang={lang}
                title={LANGUAGE_NAMES[lang].long}
              >
                {LANGUAGE_NAMES[lang].short}
              </span>
            ) : (
              <a
                ref={(el) => linkRef?.(lang, el)}
                className={styles.languageLink}
                href={href}
                lang={lang}
                hrefLang={LANGUAGE_NAMES[lang].hrefLang}
                title={LANGUAGE_NAMES[lang].long}
                onClick={choose?.(lang, href)}
                // Served, a press is kept for the live link (site/pressRecorder.ts), which records the
                // choice before it goes: followed as a plain link, the page server would still honour
                // the old choice (French for `/`) and the shopper would land back where they were.
                {...(choose
                  ? liveReplay(languageReplayKey(lang))
                  : pendingReplay(languageReplayKey(lang), href))}
              >
                {LANGUAGE_NAMES[lang].short}
              </a>
            )}
          </span>
        )
      })}
    </div>
  )
}
