import type { Shape } from './shapes'

/** Sub-rows per pixel row; across a row, coverage is measured exactly, so edges are smooth both ways. */
const SUB_ROWS = 4

/** Where the 100 x 100 drawing lands in the picture: pixel = offset + unit * scale. */
export interface Placement {
  x: number
  y: number
  scale: number
}

type Span = [number, number]

/** The parts of the horizontal line at height v that lie inside the shape, in drawing units. */
function spansAt(shape: Shape, v: number): Span[] {
  switch (shape.type) {
    case 'rect': {
      const hh = shape.h / 2
      const r = Math.min(shape.r ?? 0, shape.w / 2, hh)
      const dy = Math.abs(v - (shape.y + hh))
      if (dy > hh) return []
      const corner = Math.max(0, dy - (hh - r))
      const inset = r - Math.sqrt(Math.max(0, r * r - corner * corner))
      return [[shape.x + inset, shape.x + shape.w - inset]]
    }
    case 'ellipse': {
      const t = 1 - ((v - shape.cy) / shape.ry) ** 2
      if (t < 0) return []
      const half = shape.rx * Math.sqrt(t)
      return [[shape.cx - half, shape.cx + half]]
    }
    case 'poly': {
      // Even-odd rule, as SVG's default gives the same picture for these simple polygons.
      const xs: number[] = []
      const pts = shape.points
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const [xi, yi] = pts[i]!
        const [xj, yj] = pts[j]!
        if (yi > v !== yj > v) xs.push(xi + ((v - yi) * (xj - xi)) / (yj - yi))
      }
      xs.sort((a, b) => a - b)
      const spans: Span[] = []
      for (let k = 0; k + 1 < xs.length; k += 2) spans.push([xs[k]!, xs[k + 1]!])
      return spans
    }
    case 'line': {
      // A stroke with round ends: the band along the segment and a disc at each end, merged.
      const half = shape.width / 2
      const { x1, y1, x2, y2 } = shape
      const len = Math.hypot(x2 - x1, y2 - y1) || 1
      const nx = (-(y2 - y1) / len) * half
      const ny = ((x2 - x1) / len) * half
      const band = spansAt(
        {
          type: 'poly',
          fill: shape.fill,
          points: [
            [x1 + nx, y1 + ny],
            [x2 + nx, y2 + ny],
            [x2 - nx, y2 - ny],
            [x1 - nx, y1 - ny],
          ],
        },
        v,
      )
      const cap = (cx: number, cy: number) =>
        spansAt({ type: 'ellipse', cx, cy, rx: half, ry: half, fill: shape.fill }, v)
      return merge([...band, ...cap(x1, y1), ...cap(x2, y2)])
    }
  }
}

function merge(spans: Span[]): Span[] {
  spans.sort((a, b) => a[0] - b[0])
  const out: Span[] = []
  for (const [a, b] of spans) {
    const last = out[out.length - 1]
    if (last && a <= last[1]) last[1] = Math.max(last[1], b)
    else out.push([a, b])
  }
  return out
}

/** The shape's extent in drawing units: [minX, minY, maxX, maxY]. */
function bounds(shape: Shape): [number, number, number, number] {
  switch (shape.type) {
    case 'rect':
      return [shape.x, shape.y, shape.x + shape.w, shape.y + shape.h]
    case 'ellipse':
      return [shape.cx - shape.rx, shape.cy - shape.ry, shape.cx + shape.rx, shape.cy + shape.ry]
    case 'poly': {
      const xs = shape.points.map((p) => p[0])
      const ys = shape.points.map((p) => p[1])
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
    }
    case 'line': {
      const h = shape.width / 2
      return [
        Math.min(shape.x1, shape.x2) - h,
        Math.min(shape.y1, shape.y2) - h,
        Math.max(shape.x1, shape.x2) + h,
        Math.max(shape.y1, shape.y2) + h,
      ]
    }
  }
}

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16)
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255] as const
}

/**
 * The shapes painted in order onto a transparent `width` x `height` picture (straight RGBA, rows top
 * to bottom). Each pixel is covered by the share of its area inside the shape (4 sub-rows, exact
 * across), so edges are anti-aliased as a browser draws the same shapes from SVG.
 */
export function rasterize(
  shapes: readonly Shape[],
  width: number,
  height: number,
  at: Placement,
): Uint8Array {
  // Premultiplied colour and alpha while painting; straight alpha at the end, as PNG stores it.
  const acc = new Float32Array(width * height * 4)
  const cover = new Float32Array(width)
  for (const shape of shapes) {
    const [, by0, , by1] = bounds(shape)
    const py0 = Math.max(0, Math.floor(at.y + by0 * at.scale))
    const py1 = Math.min(height - 1, Math.ceil(at.y + by1 * at.scale))
    const [r, g, b] = rgb(shape.fill)
    const opacity = shape.opacity ?? 1
    for (let py = py0; py <= py1; py++) {
      cover.fill(0)
      let first = width
      let last = -1
      for (let sy = 0; sy < SUB_ROWS; sy++) {
        const v = (py + (sy + 0.5) / SUB_ROWS - at.y) / at.scale
        for (const [u0, u1] of spansAt(shape, v)) {
          const x0 = Math.max(0, at.x + u0 * at.scale)
          const x1 = Math.min(width, at.x + u1 * at.scale)
          if (x1 <= x0) continue
          const start = Math.floor(x0)
          const end = Math.ceil(x1) - 1
          first = Math.min(first, start)
          last = Math.max(last, end)
          for (let px = start; px <= end; px++)
            cover[px]! += (Math.min(px + 1, x1) - Math.max(px, x0)) / SUB_ROWS
        }
      }
      for (let px = first; px <= last; px++) {
        const alpha = Math.min(1, cover[px]!) * opacity
        if (alpha <= 0) continue
        const i = (py * width + px) * 4
        const keep = 1 - alpha
        acc[i] = r * alpha + acc[i]! * keep
        acc[i + 1] = g * alpha + acc[i + 1]! * keep
        acc[i + 2] = b * alpha + acc[i + 2]! * keep
        acc[i + 3] = alpha + acc[i + 3]! * keep
      }
    }
  }
  const out = new Uint8Array(width * height * 4)
  for (let i = 0; i < out.length; i += 4) {
    const a = acc[i + 3]!
    if (a <= 0) continue
    out[i] = Math.round((acc[i]! / a) * 255)
    out[i + 1] = Math.round((acc[i + 1]! / a) * 255)
    out[i + 2] = Math.round((acc[i + 2]! / a) * 255)
    out[i + 3] = Math.round(a * 255)
  }
  return out
}
