/**
 * The few shapes the store's artwork is drawn with, in a 100 x 100 box. One list of shapes is
 * written out as SVG for the navigation cards (navArtwork.ts) and rasterised to PNG for the search
 * flyout's product tiles (rasterize.ts), so both show the same drawing of a product.
 */

interface Paint {
  /** `#rrggbb` */
  fill: string
  opacity?: number
}

export type Shape =
  | ({ type: 'rect'; x: number; y: number; w: number; h: number; r?: number } & Paint)
  | ({ type: 'ellipse'; cx: number; cy: number; rx: number; ry: number } & Paint)
  /** A closed polygon, points as [x, y] pairs. */
  | ({ type: 'poly'; points: readonly (readonly [number, number])[] } & Paint)
  /** A straight stroke with round ends (SVG `stroke-linecap: round`). */
  | ({ type: 'line'; x1: number; y1: number; x2: number; y2: number; width: number } & Paint)

export const rect = (x: number, y: number, w: number, h: number, fill: string, r = 0, opacity?: number) =>
  ({ type: 'rect', x, y, w, h, r, fill, ...(opacity === undefined ? {} : { opacity }) }) satisfies Shape
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, opacity?: number) =>
  ({ type: 'ellipse', cx, cy, rx, ry, fill, ...(opacity === undefined ? {} : { opacity }) }) satisfies Shape
export const poly = (points: readonly (readonly [number, number])[], fill: string, opacity?: number) =>
  ({ type: 'poly', points, fill, ...(opacity === undefined ? {} : { opacity }) }) satisfies Shape
export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  width: number,
  fill: string,
  opacity?: number,
) =>
  ({
    type: 'line',
    x1,
    y1,
    x2,
    y2,
    width,
    fill,
    ...(opacity === undefined ? {} : { opacity }),
  }) satisfies Shape

const rad = (deg: number) => (deg * Math.PI) / 180

/** A ring segment (a mug handle, a recycling arrow's body) from angle a0 to a1 in degrees, 0 = right, clockwise. */
export function arc(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  a0: number,
  a1: number,
  fill: string,
): Shape {
  const steps = Math.max(4, Math.ceil(Math.abs(a1 - a0) / 10))
  const at = (r: number, i: number) => {
    const a = rad(a0 + ((a1 - a0) * i) / steps)
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as const
  }
  const points = [
    ...Array.from({ length: steps + 1 }, (_, i) => at(outer, i)),
    ...Array.from({ length: steps + 1 }, (_, i) => at(inner, steps - i)),
  ]
  return poly(points, fill)
}

/** A leaf: a pointed lens of length `len` and width `width`, turned by `angle` degrees, with its vein. */
export function leaf(
  cx: number,
  cy: number,
  len: number,
  width: number,
  angle: number,
  fill: string,
  vein: string,
) {
  const cos = Math.cos(rad(angle))
  const sin = Math.sin(rad(angle))
  const turn = (x: number, y: number) => [cx + x * cos - y * sin, cy + x * sin + y * cos] as const
  const steps = 12
  const half = (side: 1 | -1) =>
    Array.from({ length: steps + 1 }, (_, i) => {
      const t = side === 1 ? i / steps : 1 - i / steps
      return turn((t - 0.5) * len, side * Math.sin(Math.PI * t) * (width / 2))
    })
  const [x1, y1] = turn(-len * 0.42, 0)
  const [x2, y2] = turn(len * 0.42, 0)
  return [poly([...half(1), ...half(-1)], fill), line(x1, y1, x2, y2, 1.4, vein)]
}

/** A wavy line (steam over a cup) from (x, y0) up to (x, y1), as short strokes. */
export function wave(x: number, y0: number, y1: number, amplitude: number, fill: string, width = 2.2) {
  const steps = 8
  const at = (i: number) => [
    x + amplitude * Math.sin((i / steps) * Math.PI * 2),
    y0 + ((y1 - y0) * i) / steps,
  ]
  return Array.from({ length: steps }, (_, i) => {
    const [ax, ay] = at(i)
    const [bx, by] = at(i + 1)
    return line(ax!, ay!, bx!, by!, width, fill, 0.85)
  })
}

/** The shapes moved by (dx, dy) and scaled by `s` about the origin: one drawing placed inside another. */
export function place(shapes: readonly Shape[], dx: number, dy: number, s: number): Shape[] {
  const x = (v: number) => dx + v * s
  const y = (v: number) => dy + v * s
  return shapes.map((shape): Shape => {
    switch (shape.type) {
      case 'rect':
        return {
          ...shape,
          x: x(shape.x),
          y: y(shape.y),
          w: shape.w * s,
          h: shape.h * s,
          r: (shape.r ?? 0) * s,
        }
      case 'ellipse':
        return { ...shape, cx: x(shape.cx), cy: y(shape.cy), rx: shape.rx * s, ry: shape.ry * s }
      case 'poly':
        return { ...shape, points: shape.points.map(([px, py]) => [x(px), y(py)] as const) }
      case 'line':
        return {
          ...shape,
          x1: x(shape.x1),
          y1: y(shape.y1),
          x2: x(shape.x2),
          y2: y(shape.y2),
          width: shape.width * s,
        }
      default:
        return shape
    }
  })
}

/** `#rrggbb` mixed towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const mix = (c: number) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount))
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix) as [number, number, number]
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`
}

const num = (v: number) => String(Math.round(v * 100) / 100)

/** One shape as an SVG element. */
export function shapeToSvg(shape: Shape): string {
  const paint = `fill="${shape.fill}"${shape.opacity === undefined ? '' : ` fill-opacity="${num(shape.opacity)}"`}`
  switch (shape.type) {
    case 'rect':
      return `<rect x="${num(shape.x)}" y="${num(shape.y)}" width="${num(shape.w)}" height="${num(shape.h)}"${shape.r ? ` rx="${num(shape.r)}"` : ''} ${paint}/>`
    case 'ellipse':
      return `<ellipse cx="${num(shape.cx)}" cy="${num(shape.cy)}" rx="${num(shape.rx)}" ry="${num(shape.ry)}" ${paint}/>`
    case 'poly':
      return `<polygon points="${shape.points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}" ${paint}/>`
    case 'line': {
      const stroke = `stroke="${shape.fill}"${shape.opacity === undefined ? '' : ` stroke-opacity="${num(shape.opacity)}"`}`
      return `<line x1="${num(shape.x1)}" y1="${num(shape.y1)}" x2="${num(shape.x2)}" y2="${num(shape.y2)}" ${stroke} stroke-width="${num(shape.width)}" stroke-linecap="round"/>`
    }
  }
}
