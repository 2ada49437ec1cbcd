import { createHash } from 'node:crypto'
import { escapeHtml } from '../../pages/escapeHtml'
import { DRAWINGS, type DrawingKind } from './drawings'
import { ellipse, rect, type Shape, shade, shapeToSvg } from './shapes'

/**
 * The navigation panels' card pictures (nav spec §2): one drawing (drawings.ts) in one card format,
 * served as `/medias/nav/{artwork}-{format}.svg`. The formats are the spec's card sizes.
 */
export const NAV_ARTWORK_BASE = '/medias/nav'

/** Each artwork is a drawing in a colour; the name is what the CMS data points at. */
export const NAV_ARTWORKS = {
  pod: { kind: 'pod', accent: '#8b4a2b' },
  'pod-box': { kind: 'podBox', accent: '#8b4a2b' },
  'pod-box-green': { kind: 'podBox', accent: '#2f6d5a' },
  'pod-box-gold': { kind: 'podBox', accent: '#c98a2b' },
  'pod-box-dark': { kind: 'podBox', accent: '#3b2a20' },
  brewer: { kind: 'brewer', accent: '#2f2f33' },
  'brewer-red': { kind: 'brewer', accent: '#b23a3a' },
  'brewer-silver': { kind: 'brewer', accent: '#8a9099' },
  'smart-brewer': { kind: 'smartBrewer', accent: '#2f2f33' },
  'commercial-brewer': { kind: 'commercialBrewer', accent: '#3a3f46' },
  mug: { kind: 'mug', accent: '#c0504d' },
  'mug-blue': { kind: 'mug', accent: '#3b6fb6' },
  'hot-cocoa': { kind: 'hotCocoa', accent: '#8a4b2a' },
  'coffee-bag': { kind: 'coffeeBag', accent: '#4b2e1e' },
  canister: { kind: 'canister', accent: '#a33b2a' },
  'tea-box': { kind: 'teaBox', accent: '#5f8f4e' },
  'cold-can': { kind: 'coldCan', accent: '#2a7fb8' },
  'cold-bottle': { kind: 'coldBottle', accent: '#c77a3a' },
  'iced-latte': { kind: 'recipeGlass', accent: '#c77a3a' },
  'mocha-frappe': { kind: 'recipeGlass', accent: '#5a3a22' },
  latte: { kind: 'recipeCup', accent: '#d8b48e' },
  recycle: { kind: 'recycle', accent: '#3f8f5a' },
  'starter-kit': { kind: 'starterKit', accent: '#2f2f33' },
  'auto-delivery': { kind: 'autoDelivery', accent: '#2f8fd8' },
  'paper-cup': { kind: 'paperCup', accent: '#8b4a2b' },
  descaler: { kind: 'descaler', accent: '#3b6fb6' },
  'water-filter': { kind: 'waterFilter', accent: '#5aa9e6' },
  'pod-drawer': { kind: 'podDrawer', accent: '#2f2f33' },
  'supply-case': { kind: 'caseBox', accent: '#8b4a2b' },
} as const satisfies Record<string, { kind: DrawingKind; accent: `#${string}` }>
export type NavArtworkName = keyof typeof NAV_ARTWORKS

interface Format {
  width: number
  height: number
  /** What sits behind the drawing (in picture pixels), from the artwork's colour. */
  background: (accent: string) => Shape[]
  /** The drawing's 100 units become `size` pixels at (x, y). */
  place: { x: number; y: number; size: number }
}

const PAPER = '#f6f1ea'
const centred = (width: number, height: number, size: number, lift = 0) => ({
  x: (width - size) / 2,
  y: (height - size) / 2 - lift,
  size,
})

/**
 * The card sizes of nav spec §2 and §9: round product links 115, beverage cards 131, recipe large
 * cards 110 (70 on medium screens, scaled down), recipe articles 231 at position one, full-width
 * promos, starter-kit product images 175 high, MAXPRO images 479 high with a 164 x 187 inner image.
 */
export const NAV_FORMATS = {
  round: {
    width: 115,
    height: 115,
    background: (accent) => [ellipse(57.5, 57.5, 57.5, 57.5, shade(accent, 0.85))],
    place: centred(115, 115, 84),
  },
  card: {
    width: 131,
    height: 131,
    background: () => [rect(0, 0, 131, 131, PAPER, 12)],
    place: centred(131, 131, 112),
  },
  thumb: {
    width: 110,
    height: 110,
    background: () => [rect(0, 0, 110, 110, PAPER, 10)],
    place: centred(110, 110, 94),
  },
  article: {
    width: 231,
    height: 154,
    background: (accent) => [
      rect(0, 0, 231, 154, shade(accent, 0.86)),
      ellipse(180, 30, 70, 70, shade(accent, 0.78)),
      rect(0, 128, 231, 26, shade(accent, 0.7)),
    ],
    place: centred(231, 154, 132, 6),
  },
  promo: {
    width: 360,
    height: 200,
    background: (accent) => [
      rect(0, 0, 360, 200, shade(accent, 0.86)),
      ellipse(250, 100, 105, 105, shade(accent, 0.74)),
    ],
    place: { x: 165, y: 14, size: 172 },
  },
  detail: {
    width: 210,
    height: 175,
    background: (accent) => [rect(0, 0, 210, 175, PAPER, 12), ellipse(105, 160, 90, 10, shade(accent, 0.8))],
    place: centred(210, 175, 160, 2),
  },
  inner: {
    width: 164,
    height: 187,
    background: () => [rect(0, 0, 164, 187, '#eef1f4', 10)],
    place: { x: 7, y: 28, size: 150 },
  },
  tall: {
    width: 360,
    height: 479,
    background: (accent) => [
      rect(0, 0, 360, 479, '#e9edf1'),
      rect(36, 40, 120, 150, shade(accent, 0.8), 4),
      rect(204, 40, 120, 150, shade(accent, 0.8), 4),
      rect(0, 372, 360, 107, '#8b6a4e'),
      rect(0, 366, 360, 12, '#a8876a'),
    ],
    place: { x: 30, y: 93, size: 300 },
  },
} as const satisfies Record<string, Format>
export type NavFormat = keyof typeof NAV_FORMATS

/**
 * The address of an artwork in a format: what the navigation data's image fields hold. The path is
 * stable; `?v=` is the drawing's content hash, so the file can be cached for a year and a redrawn
 * picture still reaches every browser.
 */
const versioned = new Map<string, string>()
export function navArtworkUrl(name: NavArtworkName, format: NavFormat): string {
  const file = `${name}-${format}.svg`
  let url = versioned.get(file)
  if (url === undefined) {
    const version = createHash('sha256').update(navArtworkSvg(file)!).digest('hex').slice(0, 10)
    url = `${NAV_ARTWORK_BASE}/${file}?v=${version}`
    // At most one per artwork and format: the fixtures ask for the same few again and again.
    versioned.set(file, url)
  }
  return url
}

const FILE = new RegExp(`^([a-z0-9-]+)-(${Object.keys(NAV_FORMATS).join('|')})\\.svg$`)

/** The artwork and format a file name asks for, or undefined when it names none. */
function parseFile(file: string): { name: NavArtworkName; format: NavFormat } | undefined {
  const match = FILE.exec(file)
  if (!match || !Object.hasOwn(NAV_ARTWORKS, match[1]!)) return undefined
  return { name: match[1] as NavArtworkName, format: match[2] as NavFormat }
}

/** The SVG text of `/medias/nav/{file}`, or undefined when no artwork has that name. */
export function navArtworkSvg(file: string): string | undefined {
  const parsed = parseFile(file)
  if (!parsed) return undefined
  const artwork: { kind: DrawingKind; accent: string } = NAV_ARTWORKS[parsed.name]
  const format: Format = NAV_FORMATS[parsed.format]
  const { title, draw } = DRAWINGS[artwork.kind]
  const { x, y, size } = format.place
  const { width, height } = format
  const scale = Math.round((size / 100) * 10000) / 10000
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${escapeHtml(title)}</title>`,
    ...format.background(artwork.accent).map(shapeToSvg),
    `<g transform="translate(${x} ${y}) scale(${scale})">`,
    ...draw(artwork.accent).map(shapeToSvg),
    '</g></svg>',
  ].join('')
}

/** Whether `url` is an artwork address this server answers, query aside (the fixtures' image check). */
export function isNavArtworkUrl(url: string): boolean {
  const path = url.split('?')[0]!
  return (
    path.startsWith(`${NAV_ARTWORK_BASE}/`) &&
    parseFile(path.slice(NAV_ARTWORK_BASE.length + 1)) !== undefined
  )
}
