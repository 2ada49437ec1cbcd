import type { MouseEvent } from 'react'
import { agentSessionRef } from '../../../contracts/serviceRefs'
import { useOptionalService, useService } from '../../../kernel/react/KernelProvider'
import { useEmit } from '../../../kernel/react/PluginBoundary'
import { cookiesRef, headerContextRef } from '../../../kernel/services/kernelRefs'
import { markInteraction } from '../../../kernel/telemetry/spans'
import type { Lang } from '../../../site/brand'
import { switchLanguageUrl } from '../../../site/routeTable'
import { languageCookieDecision } from '../../language/languageCookie'
import styles from '../shell.module.css'
import { shellOptionsRef } from '../shellOptions'

const NAMES: Record<Lang, { short: string; long: string }> = {
  en: { short: 'EN', long: 'English' },
  fr: { short: 'FR', long: 'Français' },
}

/**
 * The "EN | FR" selector: real links to the same page in the other language (route table of header
 * spec §2, query kept), so it works before JavaScript, with a middle click and for crawlers. A click
 * also records the choice in the language-chosen cookie when allowed (header spec §4).
 */
export function LanguageSelector() {
  const emit = useEmit()
  const ctx = useService(headerContextRef)
  const agentSession = useOptionalService(agentSessionRef)
  const cookies = useService(cookiesRef)
  const { languages, brandSlug } = useService(shellOptionsRef)
  if (languages.length < 2) return null

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
      // Agents never get the language cookie (§6); the auth plugin, when running, knows.
      isAgent: agentSession?.() ?? false,
      allowedCookies: ctx.siteConfig.allowedCookies,
      expiryDays: ctx.siteConfig.languageCookieExpiryDays,
      brand: ctx.brand,
      frenchExpiryDays: ctx.siteConfig.frenchCookieExpiryDays,
    })
    if (decision.set) cookies.set(decision.name, decision.value, { expiresDays: decision.expiresDays })
    markInteraction('language.switch', { 'language.from': ctx.lang, 'language.to': target })
    emit('language:switched', { from: ctx.lang, to: target, target: href })
  }

  return (
    <nav className={styles.language} aria-label={ctx.labels['header.language.label']}>
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
                title={NAMES[lang].long}
              >
                {NAMES[lang].short}
              </span>
            ) : (
              <a
                className={styles.languageLink}
                href={href}
                lang={lang}
                hrefLang={lang === 'fr' ? 'fr-CA' : 'en-CA'}
                title={NAMES[lang].long}
                onClick={choose(lang, href)}
              >
                {NAMES[lang].short}
              </a>
            )}
          </span>
        )
      })}
    </nav>
  )
}
