import type { Lang } from '../../site/brand'
import { type EarlyMeasuresPage, earlyMeasuresScript } from '../../site/earlyMeasures'
import { HOME_PATH } from '../../site/homePath'
import { PRESS_RECORDER_SCRIPT } from '../../site/pressRecorder'
import { BREWER_OFFER_CSS, type BrewerOfferView, renderBrewerOffer } from './brewerOffer/renderBrewerOffer'
import { attr, escapeHtml } from './escapeHtml'
import type { HeaderBundle } from './headerBundle'
import type { PageContext } from './pageContext'
import { type ReservedHeight, reservedHeightCss } from './reservedHeight'
import { renderSearchResults, type SearchResultsView } from './searchResults'

export interface HostPage extends PageContext {
  hiddenInputs: Record<string, string>
  /** The page load's trace context (telemetry/pageTraces.ts), for the header's spans to join. */
  traceparent?: string
  /** What the early measures sender sends if the shopper leaves before telemetry loads (site/earlyMeasures.ts). */
  earlyMeasures?: EarlyMeasuresPage
  /** Undefined when dist/ has no build: the page says so instead of loading a missing script. */
  bundle: HeaderBundle | undefined
  /** Room kept for the header so it shifts nothing when it renders. */
  reserved: ReservedHeight
  /** Which optional header rows the page has, told to the header so its first frame matches. */
  rows: { notification: boolean; promo: boolean; webview: boolean; eyebrow?: boolean; siteNotice?: boolean }
  /** Calls and plugin chunks the header needs first (see preloadHints). */
  preload: { fetches: string[]; modules: string[] }
  /** The search page's products for its `text` query (searchResults.ts). */
  searchResults?: SearchResultsView
  /** The starter-kit page's brewer-offer flow (brewerOffer/). */
  brewerOffer?: BrewerOfferView | undefined
  /**
   * The header's first view as HTML (contracts/firstView.ts), rendered by the header's own renderer,
   * which escapes every text: it goes into the container as it is.
   */
  firstView?: string
  /**
   * The plugin-switch preview this browser follows (console/pluginPreview.ts), named on a ribbon
   * with the way out; only ever on the previewing browser's own pages, which are never stored.
   */
  preview?: { label: string; endHref: string }
}

export const BUNDLE_MISSING_NOTE = 'header bundle not built: run npm start'

/** A few pages to click through to, so a person trying the server can move around without the header. */
const EXAMPLE_LINKS: Record<Lang, [string, string][]> = {
  en: [
    ['/', 'Home'],
    ['/search?text=cold+brew', 'Search “cold brew”'],
    ['/c/coffee', 'Coffee'],
    ['/cart', 'Cart'],
    ['/my-account/orders', 'My orders'],
    ['/recipes/iced-coffee/vanilla-cold-brew', 'Vanilla cold brew recipe'],
    ['/brewer-registration', 'Brewer registration'],
  ],
  fr: [
    [HOME_PATH.fr, 'Accueil'],
    ['/fr/recherche?text=infusion', 'Recherche « infusion »'],
    ['/fr/c/coffee', 'Café'],
    ['/fr/cart', 'Panier'],
    ['/fr/my-account/orders', 'Mes commandes'],
    ['/fr/recettes/cafe-glace/infusion-froide-vanille', 'Recette d’infusion froide à la vanille'],
    ['/fr/appliances/enregistrez-votre-cafetiere', 'Enregistrez votre cafetière'],
  ],
}

/** The store footer's links (header spec §2 routes), per language. */
const FOOTER_LINKS: Record<Lang, [string, string][]> = {
  en: [
    ['/content/contact-us', 'Contact us'],
    ['/terms-conditions', 'Terms of use'],
    ['/loyalty-program-terms-conditions', 'Perks program terms'],
    ['/sustainability', 'Sustainability'],
  ],
  fr: [
    ['/fr/content/contact-us', 'Nous joindre'],
    ['/fr/conditions-utilisation', 'Conditions d’utilisation'],
    ['/fr/termes-conditions-programme-fidelite', 'Conditions du programme Avantages'],
    ['/fr/developpement-durable', 'Développement durable'],
  ],
}
const FOOTER_LABEL: Record<Lang, string> = { en: 'Footer', fr: 'Pied de page' }

/**
 * The store's footer, with the mount point the header fills with its page slots (the
 * newsletter, `data-one-header-slot="footer.newsletter"`, host/startUp/renderPageSlots.tsx). Its
 * room is reserved (FOOTER_CSS) so the page does not move when the newsletter renders. The app
 * webview has no footer slot (only the global notification shows there).
 */
function renderFooter(p: HostPage): string {
  const links = FOOTER_LINKS[p.lang]
    .map(([href, label]) => `<li><a href=${attr(href)}>${escapeHtml(label)}</a></li>`)
    .join('')
  const mount = p.rows.webview
    ? ''
    : '<div id="oneFooterContainer" data-one-header-slot="footer.newsletter"></div>'
  return `<footer class="site-footer">
${mount}
<nav aria-label=${attr(FOOTER_LABEL[p.lang])}><ul>${links}<li><a href="#cookie-preferences">${escapeHtml(COOKIE_PREFERENCES[p.lang])}</a></li></ul></nav>
<p class="site-footer-note">© ${escapeHtml(p.brandName)}</p>
</footer>`
}

const INTRO: Record<Lang, (p: HostPage) => string> = {
  en: (p) =>
    `You are on the ${p.heading} page of the ${p.brandName} reference store. The store’s own content would appear here; the header above is the One Header micro-frontend.`,
  fr: (p) =>
    `Vous êtes sur la page ${p.heading} de la boutique de référence ${p.brandName}. Le contenu de la boutique s’afficherait ici; l’en-tête ci-dessus est le microfrontal One Header.`,
}

/**
 * The page's footer link that reopens the cookie banner's choices: the consent plugin
 * listens for any `#cookie-preferences` link, so a brand's own footer needs only this line.
 */
const COOKIE_PREFERENCES: Record<Lang, string> = { en: 'Cookie preferences', fr: 'Préférences de témoins' }

// Grey page background on home and quiz (header spec §2); the rest is readable, plain placeholder.
const PAGE_CSS =
  'body{margin:0;font-family:system-ui,sans-serif;color:#1f1a17;background:#fff}' +
  'body[data-page=home],body[data-page=quiz]{background:#f2f1ef}' +
  '#main-content{max-width:75rem;margin:0 auto;padding:2rem 1rem}#main-content a{color:#5a3418}' +
  '.bundle-note{margin:0;padding:1rem;background:#fff3cd;color:#5c4400}' +
  // The footer, and the newsletter's reserved room (its form's height, so nothing moves when it comes).
  '.site-footer{margin-top:2rem;padding:0 1rem 1.5rem;background:#f2f1ef;border-top:1px solid #d9d4cf}' +
  '.site-footer>*{max-width:75rem;margin-left:auto;margin-right:auto}' +
  // The tallest newsletter (cab2c in French, with its terms box): 250 px from 576 px wide, 378 below.
  '#oneFooterContainer{min-height:260px}@media (max-width:575px){#oneFooterContainer{min-height:390px}}' +
  '.site-footer ul{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:0;padding:1rem 0 0;list-style:none}' +
  '.site-footer a{color:#5a3418}.site-footer-note{margin:1rem auto 0;color:#4d4540}'

/**
 * Starts the header's entry once the page's first frame is painted: when the page is parsed
 * (DOMContentLoaded), the next animation frame is the first the whole served page can be in, and a
 * task queued from it runs after that frame is painted. A `<script type="module">` in the head ran
 * as soon as the page was parsed and its stylesheet in, before the browser painted anything: React's
 * evaluation (130-310 ms at 4x CPU) held the served header back on most returning loads (the budget:
 * no script work may hold the served text and pictures back). A hidden page paints nothing, so it
 * starts at once. The entry itself is modulepreloaded: fetched and compiled meanwhile.
 *
 * The start-up calls (`fetches`, preloaded so the kernel's HTTP client takes their answers) and the
 * start-up chunk (`later`) are asked for at the same moment, not from the head: every request the
 * head announces costs the main thread a few milliseconds at 4x CPU while the page commits, before
 * anything is painted (about 70 ms for ten of them), and no part needs them to go live.
 */
export function entryStarterScript(
  src: string,
  fetches: readonly string[] = [],
  later: readonly string[] = [],
): string {
  return `(function(d,src,fetches,later){function link(href,as,low){var l=d.createElement('link');l.rel='preload';l.as=as;l.crossOrigin='anonymous';if(low)l.fetchPriority='low';l.href=href;d.head.appendChild(l)}function go(){fetches.forEach(function(h){link(h,'fetch')});var s=d.createElement('script');s.type='module';s.src=src;d.head.appendChild(s);later.forEach(function(h){link(h,'script',1)})}d.addEventListener('DOMContentLoaded',function(){if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})})(document,${scriptJson(src)},${scriptJson(fetches)},${scriptJson(later)});`
}

/** JSON for an inline script: no `<` may close the script element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * The first paint's styles, in the page itself: a linked stylesheet is a request the first paint
 * waits for, and its answer is taken in only when the main thread is free of the page's parsing (on
 * a busy phone, a hundred milliseconds and more after it came). Their text is the build's own (never
 * content). A sheet the server could not read is linked instead.
 */
function headerStyles(bundle: HeaderBundle): string {
  const texts = bundle.css.map((href) => bundle.cssText?.[href])
  if (texts.some((text) => text === undefined)) {
    return bundle.css.map((href) => `<link rel="stylesheet" href=${attr(href)}>`).join('\n')
  }
  const css = texts.join('\n').replace(/<\/(style)/gi, '<\\/$1')
  // Each sheet also named by a disabled link, which the browser neither fetches nor applies: Vite's
  // run-time helper links a lazy chunk's stylesheets, the first paint's among them, unless the page
  // already links them, and holds the chunk until they have loaded; so without it, the first part to
  // hydrate would fetch the first paint's styles again and wait for them.
  const named = bundle.css.map((href) => `<link rel="stylesheet" href=${attr(href)} disabled>`)
  return [`<style data-one-header-css>${css}</style>`, ...named].join('\n')
}

function headerAssets(
  bundle: HeaderBundle | undefined,
  preload: HostPage['preload'],
  measures: EarlyMeasuresPage | undefined,
): string {
  if (!bundle) return ''
  return [
    // Before anything else: a press on the header's first view made before its part is live is
    // recorded here and answered when the part takes over (site/pressRecorder.ts).
    `<script>${PRESS_RECORDER_SCRIPT}</script>`,
    // A shopper who leaves before the telemetry SDK has loaded still sends the page load's real-user
    // measures (site/earlyMeasures.ts), so the health view is not only the patient shoppers'.
    ...(measures ? [`<script>${earlyMeasuresScript(measures)}</script>`] : []),
    `<script>${entryStarterScript(bundle.script, preload.fetches, bundle.later)}</script>`,
    // The first paint waits for these styles alone, and they are in the page.
    headerStyles(bundle),
    `<link rel="modulepreload" href=${attr(bundle.script)}>`,
    ...bundle.preload.map((href) => `<link rel="modulepreload" href=${attr(href)}>`),
  ].join('\n')
}

/** `data-rows` lists the optional rows present; `data-webview` marks the app webview. */
function containerRows(rows: HostPage['rows']): string {
  const list = [
    rows.eyebrow && 'eyebrow',
    rows.notification && 'notification',
    rows.siteNotice && 'sitenotice',
    rows.promo && 'promo',
  ]
    .filter(Boolean)
    .join(' ')
  return `${list ? ` data-rows=${attr(list)}` : ''}${rows.webview ? ' data-webview="true"' : ''}`
}

/**
 * `data-preload` lists the enabled plugins' chunks. The entry asks for them once the frame is on
 * screen (host/mount/preloadAfterPaint.ts): preloaded from the head, their downloads competed with
 * the first paint (about 30 ms at 4x CPU on these machines), while the shell needs them only later.
 */
function containerPreload(modules: readonly string[]): string {
  return modules.length ? ` data-preload=${attr(modules.join(' '))}` : ''
}

/**
 * The preview ribbon: part of the served page, not of the header, so it is there whichever plugins
 * the preview switches off (the header itself included), in the page's flow above the header (no
 * layer of its own to stack). Its colours are the console's (7:1 and more).
 */
const PREVIEW_RIBBON_CSS =
  '.preview-ribbon{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center;padding:.5rem 1rem;' +
  'background:#2b1d14;color:#fff;font:600 .9375rem/1.4 system-ui,sans-serif;overflow-wrap:anywhere}' +
  '.preview-ribbon a{color:#fff;text-decoration:underline;text-underline-offset:3px}' +
  '.preview-ribbon a:focus-visible{outline:3px solid #fff;outline-offset:2px}'

const RIBBON_TEXT: Record<Lang, { region: string; previewing: string; only: string; end: string }> = {
  en: {
    region: 'Preview',
    previewing: 'You are previewing plugin switches:',
    only: 'Only this browser sees them; nothing is saved.',
    end: 'End the preview',
  },
  fr: {
    region: 'Aperçu',
    previewing: 'Vous voyez un aperçu des modules :',
    only: 'Seul ce navigateur le voit ; rien n’est enregistré.',
    end: 'Terminer l’aperçu',
  },
}

function previewRibbon(p: HostPage): string {
  if (!p.preview) return ''
  const t = RIBBON_TEXT[p.lang]
  return `<div class="preview-ribbon" role="region" aria-label=${attr(t.region)} data-preview-ribbon><p style="margin:0">${escapeHtml(t.previewing)} <span lang="en">${escapeHtml(p.preview.label)}</span>. ${escapeHtml(t.only)}</p><a href=${attr(p.preview.endHref)}>${escapeHtml(t.end)}</a></div>\n`
}

/** The server-rendered page the header mounts into; every value is escaped here, once. */
export function renderHostPage(p: HostPage): string {
  const inputs = Object.entries(p.hiddenInputs)
    .map(([id, value]) => `<input type="hidden" id=${attr(id)} value=${attr(value)}>`)
    .join('\n')
  const links = EXAMPLE_LINKS[p.lang]
    .map(([href, label]) => `<li><a href=${attr(href)}>${escapeHtml(label)}</a></li>`)
    .join('')
  const note = p.bundle ? '' : `<p class="bundle-note" role="note">${escapeHtml(BUNDLE_MISSING_NOTE)}</p>`
  return `<!doctype html>
<html lang=${attr(p.htmlLang)}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${p.traceparent ? `<meta name="traceparent" content=${attr(p.traceparent)}>\n` : ''}<title>${escapeHtml(p.title)}</title>
<link rel="icon" href="data:,">
<style>${reservedHeightCss(p.reserved)}${PAGE_CSS}${p.brewerOffer ? BREWER_OFFER_CSS : ''}${p.preview ? PREVIEW_RIBBON_CSS : ''}</style>
${headerAssets(p.bundle, p.preload, p.earlyMeasures)}
</head>
<body data-page=${attr(p.pageId)}>
${previewRibbon(p)}${inputs}
<div id="oneHeaderContainer" data-brand=${attr(p.brand)} data-lang=${attr(p.lang)}${containerRows(p.rows)}${containerPreload(p.preload.modules)}>${p.firstView ?? ''}${note}</div>
<main id="main-content" tabindex="-1">
<h1>${escapeHtml(p.heading)}</h1>
<p>${escapeHtml(INTRO[p.lang](p))}</p>
${p.searchResults ? renderSearchResults(p.searchResults, p.lang) : ''}${p.brewerOffer ? renderBrewerOffer(p.brewerOffer, p.lang) : ''}
<ul>${links}</ul>
</main>
${renderFooter(p)}
</body>
</html>
`
}
