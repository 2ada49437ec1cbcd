// @vitest-environment jsdom
import { createRequire } from 'node:module'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { loadCorpus } from '../../test/corpus'
import {
  extractCmsScripts,
  htmlToText,
  sanitizeCmsHtml,
  sanitizeHtml,
  sanitizeInlineHtml,
  superscriptMarks,
} from './sanitize'

const corpus = loadCorpus('xss-payloads')

// jsdom ships no types and @types/jsdom is not a dependency: type the little this test uses.
type Page = { window: Window & typeof globalThis & { close(): void } }
type JsdomConstructor = new (
  html: string,
  options: { runScripts: 'dangerously'; beforeParse: (win: Window & { alert: unknown }) => void },
) => Page
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: JsdomConstructor }

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href']
// Browsers ignore leading/trailing blanks and strip tabs and newlines inside a scheme; be stricter.
const DANGEROUS_SCHEME = /^(?:javascript|vbscript|data:text\/html)/i
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what browsers drop from URLs.
const BLANKS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g
const compact = (value: string) => value.replace(BLANKS, '')
const EVENTS = [
  'load',
  'error',
  'click',
  'mouseover',
  'mouseout',
  'mousedown',
  'focus',
  'blur',
  'input',
  'scroll',
]

/** Renders `html` in a fresh page that runs scripts and handlers, and reports what could execute. */
function render(html: string) {
  const alert = vi.fn()
  const dom = new JSDOM(`<!doctype html><html><body>${html}</body></html>`, {
    runScripts: 'dangerously',
    beforeParse: (win) => {
      win.alert = alert
    },
  })
  const doc = dom.window.document
  const elements = [...doc.querySelectorAll('*')]
  for (const el of elements) for (const type of EVENTS) el.dispatchEvent(new dom.window.Event(type))
  const result = {
    alert,
    scripts: doc.querySelectorAll('script').length,
    handlers: elements.flatMap((el) =>
      [...el.attributes].filter((a) => a.name.toLowerCase().startsWith('on')),
    ),
    badUrls: elements.flatMap((el) =>
      [...el.attributes].filter(
        (a) => URL_ATTRIBUTES.includes(a.name.toLowerCase()) && DANGEROUS_SCHEME.test(compact(a.value)),
      ),
    ),
  }
  dom.window.close()
  return result
}

describe('sanitiser against the XSS corpus', () => {
  it('has the 141 cases', () => expect(corpus.cases).toHaveLength(141))

  it('the harness does catch unsanitised payloads', () => {
    const page = render(
      '<script>alert(1)</script><p onclick="alert(2)">x</p><a href=" java\tscript:alert(3)">y</a>',
    )
    expect(page.alert).toHaveBeenCalledWith(1)
    expect(page.alert).toHaveBeenCalledWith(2)
    expect(page.scripts).toBe(1)
    expect(page.handlers).toHaveLength(1)
    expect(page.badUrls).toHaveLength(1)
  })

  it.each(corpus.cases.map((c, i) => [i, c.title ?? c.payload.slice(0, 60), c.payload] as const))(
    'case %i: %s',
    (_i, _title, payload) => {
      const out = sanitizeCmsHtml(payload)
      const page = render(out)
      expect(page.scripts).toBe(0)
      expect(page.handlers.map((a) => a.name)).toEqual([])
      expect(page.badUrls.map((a) => `${a.name}=${a.value}`)).toEqual([])
      expect(page.alert).not.toHaveBeenCalled()
      expect(out.toLowerCase()).not.toContain('<script')
    },
  )
})

describe('inline profile (search suggestion terms)', () => {
  it('keeps emphasis, drops every attribute, link, image and block', () => {
    expect(sanitizeInlineHtml('<strong>cof</strong>fee <em class="x">pods</em>')).toBe(
      '<strong>cof</strong>fee <em>pods</em>',
    )
    expect(sanitizeInlineHtml('<a href="/x">link</a><img src="/a.png"><p>para</p>')).toBe('linkpara')
  })

  it.each(corpus.cases.map((c, i) => [i, c.payload] as const))(
    'corpus case %i runs nothing',
    (_i, payload) => {
      const page = render(sanitizeInlineHtml(payload))
      expect(page.scripts).toBe(0)
      expect(page.handlers).toEqual([])
      expect(page.badUrls).toEqual([])
      expect(page.alert).not.toHaveBeenCalled()
    },
  )
})

describe('htmlToText (markup stripped for URLs)', () => {
  it('keeps the text, decodes entities, drops script and style contents', () => {
    expect(htmlToText('<strong>caf&eacute;</strong> cr&egrave;me')).toBe('café crème')
    expect(htmlToText('a<script>alert(1)</script>b<style>p{}</style>c')).toBe('abc')
    expect(htmlToText('1 &lt; 2')).toBe('1 < 2')
  })

  it('property: never throws, and text without markup comes back unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(typeof htmlToText(s)).toBe('string')
        // The HTML parser rewrites CR and NUL and may drop whitespace at the ends; the rest is kept.
        const plain = s.replace(/[<&\r\0]/g, '')
        expect(htmlToText(plain).trim()).toBe(plain.trim())
      }),
      { numRuns: 300 },
    )
  })
})

describe('sanitiser rules', () => {
  it('keeps plain text and ordinary formatting', () => {
    expect(sanitizeHtml('Free shipping over $60')).toBe('Free shipping over $60')
    expect(sanitizeHtml('<p><strong>Bold</strong> <em>and</em> <a href="/c/coffee">link</a></p>')).toBe(
      '<p><strong>Bold</strong> <em>and</em> <a href="/c/coffee">link</a></p>',
    )
  })

  it('allows http, https, mailto, tel and relative links only', () => {
    for (const href of [
      'https://a.example/x',
      'http://a.example',
      'mailto:a@b.ca',
      'tel:+18005551234',
      '/cart',
      '#top',
    ])
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`)
    for (const href of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'ftp://a.example', 'blob:x'])
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>')
  })

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://a.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">x</a>',
    )
    expect(sanitizeHtml('<a href="/x" target="evil">x</a>')).toBe('<a href="/x">x</a>')
  })

  it('allows https and relative images only', () => {
    expect(sanitizeHtml('<img src="https://cdn.example/a.png" alt="A">')).toBe(
      '<img src="https://cdn.example/a.png" alt="A">',
    )
    expect(sanitizeHtml('<img src="/media/a.png" alt="A">')).toBe('<img src="/media/a.png" alt="A">')
    for (const src of [
      'http://cdn.example/a.png',
      '//cdn.example/a.png',
      'data:image/png;base64,AAAA',
      'javascript:x',
    ])
      expect(sanitizeHtml(`<img src="${src}" alt="A">`)).toBe('<img alt="A">')
  })

  it('drops forms, inputs, style attributes, event handlers and scripts', () => {
    expect(sanitizeHtml('<form action="/x"><input name="q"><button>Go</button></form>')).toBe('Go')
    expect(sanitizeHtml('<p style="color:red" onclick="alert(1)">x</p>')).toBe('<p>x</p>')
    expect(sanitizeHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>')
  })
})

describe('trademark marks', () => {
  it('sets ™ ® © as superscript', () => {
    expect(sanitizeCmsHtml('Brewco™ pods® © 2024')).toBe(
      'Brewco<sup>™</sup> pods<sup>®</sup> <sup>©</sup> 2024',
    )
    expect(sanitizeCmsHtml('<p>A®<b>B™</b></p>')).toBe('<p>A<sup>®</sup><b>B<sup>™</sup></b></p>')
  })

  it('leaves marks already in <sup> single-wrapped, and is idempotent', () => {
    expect(sanitizeCmsHtml('X<sup>™</sup>')).toBe('X<sup>™</sup>')
    expect(sanitizeCmsHtml('<sup>Brand ®</sup>')).toBe('<sup>Brand ®</sup>')
    const once = sanitizeCmsHtml('a™ b® c©')
    expect(sanitizeCmsHtml(once)).toBe(once)
  })

  it('never turns text into markup', () => {
    expect(sanitizeCmsHtml('&lt;img src=x onerror=alert(1)&gt;™')).toBe(
      '&lt;img src=x onerror=alert(1)&gt;<sup>™</sup>',
    )
    expect(superscriptMarks('<img src=x onerror=alert(1)>®')).toBe('<img src="x"><sup>®</sup>')
  })

  it('property: never throws and never outputs a script, for any string', () => {
    const html = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc
        .array(
          fc.constantFrom(
            '<script>',
            '</script>',
            '<svg>',
            '<a href="',
            'javascript:',
            '™',
            '<sup>',
            '"',
            '>',
            '<!--',
          ),
        )
        .map((parts) => parts.join('')),
    )
    fc.assert(
      fc.property(html, (s) => {
        const out = sanitizeCmsHtml(s)
        expect(out.toLowerCase()).not.toContain('<script')
      }),
      { numRuns: 500 },
    )
  })
})

describe('CMS scripts', () => {
  it('returns the inline classic scripts, read before sanitising', () => {
    const html =
      '<p>x</p><script>window.a = 1</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script type="text/javascript">b()</script><script> </script>'
    expect(extractCmsScripts(html)).toEqual(['window.a = 1', 'b()'])
  })

  it('runs nothing while reading', () => {
    const spy = vi.fn()
    ;(window as any).cmsProbe = spy
    extractCmsScripts('<script>window.cmsProbe()</script><img src=x onerror="window.cmsProbe()">')
    expect(spy).not.toHaveBeenCalled()
    delete (window as any).cmsProbe
  })

  it('returns nothing for text without scripts', () => {
    expect(extractCmsScripts('plain')).toEqual([])
    expect(extractCmsScripts(undefined as unknown as string)).toEqual([])
  })
})
