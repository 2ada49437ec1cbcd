/**
 * A card's CMS `backgroundColor`, only when it is a plain opaque colour: `#rgb`, `#rrggbb` or
 * `rgb(r, g, b)` (commas or spaces, 0-255). Anything else (names, `var()`, `url()`, gradients,
 * transparency, stray characters) is ignored and the card keeps the panel's own colours. Opaque
 * and numeric so the text colour can be chosen for contrast: dark ink or white, whichever reads
 * better on it (WCAG relative luminance).
 */
export interface CardColour {
  /** The colour as `#rrggbb`, rebuilt from the numbers: never the CMS's own text. */
  background: string
  ink: 'dark' | 'light'
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i
const RGB = /^rgb\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*\)$/i

/** The channels of a plain opaque colour (`#rgb`, `#rrggbb`, `rgb(r, g, b)`), else undefined. */
export function channels(value: string): [number, number, number] | undefined {
  const hex = HEX.exec(value)
  if (hex) {
    const digits = hex[1] ?? ''
    const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number]
  }
  const rgb = RGB.exec(value)
  if (!rgb) return undefined
  const parts = rgb.slice(1, 4).map(Number)
  return parts.every((n) => n <= 255) ? (parts as [number, number, number]) : undefined
}

/** WCAG relative luminance of 0-255 channels. */
export const luminance = (rgb: readonly number[]) => {
  const [r = 0, g = 0, b = 0] = rgb.map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
/** WCAG contrast ratio of two relative luminances. */
export const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

/** The dark ink of the panels (the shell's --oh-text, #1f1a17). */
const DARK_INK = luminance([0x1f, 0x1a, 0x17])

export function cardColourOf(value: string | undefined): CardColour | undefined {
  const rgb = channels((value ?? '').trim())
  if (!rgb) return undefined
  const background = `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`
  const l = luminance(rgb)
  return { background, ink: contrast(l, DARK_INK) >= contrast(l, 1) ? 'dark' : 'light' }
}
