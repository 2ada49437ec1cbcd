/**
 * French typography (Office québécois de la langue française): a space before `:` `;` `!` `?` and the
 * spaces inside « » never break, so "Nos objectifs 2030 : emballages" cannot leave its colon at the
 * start of the next line. Only spaces already there are made non-breaking (Quebec usage sets none
 * before `;` `!` `?`, which stays so), except inside « », where one is added when missing. A rule for
 * every language: English text has no space before these marks, and no guillemets.
 */
const NBSP = '\u00a0'
const BEFORE_MARK = /[ \t\u2009\u202f]+([:;!?»])/g
const AFTER_GUILLEMET_OPEN = /«[ \t\u00a0\u2009\u202f]*/g
const BEFORE_GUILLEMET_CLOSE = /([^\s\u00a0])»/g

/** Plain text with its punctuation kept on the line of the word before it. */
export function keepPunctuationTogether(text: string): string {
  if (!/[:;!?«»]/.test(text)) return text
  return text
    .replace(BEFORE_MARK, `${NBSP}$1`)
    .replace(AFTER_GUILLEMET_OPEN, `«${NBSP}`)
    .replace(BEFORE_GUILLEMET_CLOSE, `$1${NBSP}»`)
}

/**
 * The same rule on HTML: text between tags only, never inside a tag (an attribute's value, a URL's
 * `https:`), so markup stays exactly as it was.
 */
export function keepPunctuationTogetherInHtml(html: string): string {
  if (!/[:;!?«»]/.test(html)) return html
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : keepPunctuationTogether(part)))
    .join('')
}
