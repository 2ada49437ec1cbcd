import type { LinkComponentProps } from '../../../kernel/plugin/linkComponents'
import { useService } from '../../../kernel/react/KernelProvider'
import { shellOptionsRef } from '../shellOptions'
import { LANGUAGE_NAMES, useLanguageSwitch } from './LanguageSelector'

/**
 * The language switch as a link-menu entry (custom link component `shell.languageLinks`, header spec
 * Header spec §3): the same page in each other language, by its own name ("Français"), styled as the menu's links.
 * Nothing on a one-language brand.
 */
export default function LanguageLinks({ onChosen, linkClassName }: LinkComponentProps) {
  // Drawn in another plugin's menu: the shell's options come as its service.
  const { languages, hrefFor, choose } = useLanguageSwitch(useService(shellOptionsRef))
  return languages.map((lang) => {
    const href = hrefFor(lang)
    if (href === undefined) return null
    return (
      <a
        key={lang}
        className={linkClassName}
        href={href}
        lang={lang}
        hrefLang={LANGUAGE_NAMES[lang].hrefLang}
        onClick={(e) => {
          choose?.(lang, href)(e)
          onChosen?.()
        }}
      >
        {LANGUAGE_NAMES[lang].long}
      </a>
    )
  })
}
