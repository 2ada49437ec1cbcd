/**
 * The ONE sanitiser for server HTML (DESIGN "all HTML from the server goes through one sanitiser";
 * header spec §5 "CMS content HTML is sanitised; ™ ® © as superscript"). DOMPurify with an
 * allow-list: formatting, lists, tables, links and images; no forms, inputs, styles, scripts,
 * SVG/MathML or event handlers. Scripts in CMS paragraphs are handled apart (scriptPolicy.ts).
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify'

const ALLOWED_TAGS = [
  ...['a', 'abbr', 'b', 'blockquote', 'br', 'cite', 'code', 'del', 'div', 'em', 'figcaption', 'figure'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'li', 'mark', 'ol', 'p', 'q', 's'],
  ...['small', 'span', 'strong', 'sub', 'sup', 'u', 'ul', 'table', 'caption', 'thead', 'tbody', 'tfoot'],
  ...['tr', 'th', 'td', 'time'],
]
const ALLOWED_ATTR = [
  ...['href', 'target', 'rel', 'title', 'alt', 'src', 'width', 'height', 'loading', 'class', 'lang', 'dir'],
  ...['colspan', 'rowspan', 'scope', 'datetime', 'aria-label', 'aria-hidden', 'aria-describedby', 'role'],
]

/** Link schemes allowed in href: http(s), mailto, tel, and scheme-less (relative) addresses. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Belt and braces over the allow-list: named here so a later widening of ALLOWED_TAGS cannot let them in.
  FORBID_TAGS: [
    'script',
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'iframe',
    'object',
    'embed',
  ],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'xlink:href'],
  SANITIZE_NAMED_PROPS: true,
}

/** Image sources: https, or a path on this site (never `//host`, `http:`, `data:` or `blob:`). */
const isSafeImageSrc = (src: string) =>
  /^https:\/\//i.test(src) ||
  (!/^[a-z][a-z0-9+.-]*:/i.test(src) && !/^[\\/]{2}/.test(src) && !/^\/\\/.test(src))

let purifier: Purifier | undefined
/** The window the sanitiser works in where there is no global one (the page server's first view). */
let boundWindow: (Window & typeof globalThis) | undefined

/**
 * Gives the sanitiser a DOM to work in outside a browser: the page server's first-view renderer
 * (host/firstView/firstViewHtml.tsx) binds a jsdom window, as DOMPurify documents for Node, so the
 * CMS rows it draws go through this very sanitiser and its rules, not a second one.
 */
export function bindSanitizerWindow(win: Window & typeof globalThis): void {
  boundWindow = win
  purifier = undefined
}

/** DOMPurify bound to this window, with the header's hooks (a private instance: hooks stay ours). */
function getPurifier(): Purifier {
  if (purifier) return purifier
  const win = boundWindow ?? (typeof window === 'undefined' ? undefined : window)
  if (!win?.document)
    throw new Error(
      'sanitizeHtml needs a DOM (window.document): call it in the browser, or run the test with // @vitest-environment jsdom.',
    )
  const instance = DOMPurify(win)
  // DOMPurify returns its input unchanged where it is not supported; refuse instead of passing HTML through.
  if (!instance.isSupported)
    throw new Error('DOMPurify is not supported in this environment; CMS HTML cannot be shown.')
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'IMG') {
      const src = (node.getAttribute('src') ?? '').trim()
      if (!isSafeImageSrc(src)) node.removeAttribute('src')
    }
    if (!node.hasAttribute('target')) return
    const target = node.getAttribute('target')
    if (node.nodeName !== 'A' || (target !== '_blank' && target !== '_self')) node.removeAttribute('target')
    // A new tab must not get `window.opener` (reverse tabnabbing) nor our address as referrer.
    else if (target === '_blank') node.setAttribute('rel', 'noopener noreferrer')
  })
  purifier = instance
  return purifier
}

const asString = (html: unknown) => (typeof html === 'string' ? html : '')

/** Sanitised HTML: safe to render; formatting, links and images only. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(asString(html), { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string
}

const MARKS = /[™®©]/

/**
 * Wraps every ™ ® © of the text under `root` in `<sup>`, on the DOM: text nodes are split and the
 * mark becomes the text of a new element, so text can never turn into markup. Marks already inside a
 * `<sup>` are left alone.
 */
export function superscriptMarksIn(root: Node): void {
  const doc = root.ownerDocument ?? (root as Document)
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */)
  const texts: Text[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (MARKS.test(node.nodeValue ?? '') && !node.parentElement?.closest('sup')) texts.push(node as Text)
  }
  for (const text of texts) {
    const parts = (text.nodeValue ?? '').split(/([™®©])/)
    const replacement = doc.createDocumentFragment()
    for (const part of parts) {
      if (part === '') continue
      if (MARKS.test(part)) {
        const sup = doc.createElement('sup')
        sup.textContent = part
        replacement.append(sup)
      } else replacement.append(doc.createTextNode(part))
    }
    text.replaceWith(replacement)
  }
}

/** The sanitised nodes, or null when nothing is left (DOMPurify gives null for a `<frameset>` page). */
function sanitizeToFragment(html: string): DocumentFragment | null {
  return getPurifier().sanitize(asString(html), { ...CONFIG, RETURN_DOM_FRAGMENT: true }) ?? null
}

function serialize(fragment: DocumentFragment): string {
  const holder = fragment.ownerDocument.createElement('div')
  holder.append(fragment)
  return holder.innerHTML
}

/**
 * `html` with ™ ® © as superscript. It sanitises its input first (cheap, and idempotent on
 * sanitised HTML), so whatever it is given it cannot undo the sanitiser.
 */
export function superscriptMarks(html: string): string {
  const fragment = sanitizeToFragment(html)
  if (!fragment) return ''
  superscriptMarksIn(fragment)
  return serialize(fragment)
}

/** Inline emphasis only: what a search suggestion term may show (`<strong>` around the match). */
const INLINE_CONFIG: Config = {
  ALLOWED_TAGS: ['b', 'strong', 'em', 'i', 'mark', 'sup', 'sub'],
  ALLOWED_ATTR: [],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
}

/** Sanitised inline HTML (emphasis only, no attributes): for one-line server text such as suggestion terms. */
export function sanitizeInlineHtml(html: string): string {
  return getPurifier().sanitize(asString(html), { ...INLINE_CONFIG, RETURN_TRUSTED_TYPE: false }) as string
}

/**
 * The plain text of server HTML, entities decoded (`<b>caf&eacute;</b>` → `café`); script and
 * style contents dropped. For places where markup must not go, such as a URL parameter (nav spec §5).
 */
export function htmlToText(html: string): string {
  const fragment = getPurifier().sanitize(asString(html), {
    ALLOWED_TAGS: [],
    ALLOWED_ATTR: [],
    RETURN_DOM_FRAGMENT: true,
  })
  return fragment?.textContent ?? ''
}

/** CMS paragraph HTML ready for `dangerouslySetInnerHTML`: sanitised, ™ ® © as superscript. */
export const sanitizeCmsHtml = (html: string): string => superscriptMarks(html)

// Classic scripts only: the policy runs them as classic inline scripts, which a module is not.
const RUNNABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript'])

/**
 * The inline scripts of a CMS paragraph (read BEFORE sanitising, which drops them), for the script
 * policy. Parsed in an inert document: nothing runs and nothing loads. Scripts with a `src` and
 * non-JavaScript types (`application/ld+json`, templates) are not returned.
 */
export function extractCmsScripts(html: string): string[] {
  const source = asString(html)
  if (!/<script/i.test(source)) return []
  const doc = new DOMParser().parseFromString(source, 'text/html')
  return [...doc.querySelectorAll('script')]
    .filter(
      (s) =>
        !s.hasAttribute('src') && RUNNABLE_TYPES.has((s.getAttribute('type') ?? '').trim().toLowerCase()),
    )
    .map((s) => s.textContent ?? '')
    .filter((text) => text.trim() !== '')
}
