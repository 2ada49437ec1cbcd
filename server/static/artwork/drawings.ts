import { arc, ellipse, leaf, line, place, poly, rect, type Shape, shade, wave } from './shapes'

/**
 * The store's things, each drawn in a 100 x 100 box with a few shapes: simple, but a shopper tells a
 * box of pods from a brewer, a mug, a bag of coffee, a tea box, a cold can or a recipe drink at a
 * glance. `accent` is the product's colour (the box, the mug, the brewer's body).
 */
export type DrawingKind = keyof typeof DRAWINGS

const CREAM = '#fff7ea'
const COFFEE = '#5a3a22'
const BEAN = '#6b4226'
const BEAN_CREASE = '#3b2414'
const WHITE = '#fbfaf7'
const STEAM = '#b9b0a5'
const GLASS = '#dcedf5'

const shadow = (width = 36): Shape => ellipse(50, 93, width, 3.5, '#000000', 0.12)

/** A coffee bean with its crease, centred at (cx, cy). */
const bean = (cx: number, cy: number, size: number): Shape[] => [
  ellipse(cx, cy, size * 0.75, size, BEAN),
  line(cx - size * 0.1, cy - size * 0.85, cx + size * 0.25, cy - size * 0.3, size * 0.16, BEAN_CREASE),
  line(cx + size * 0.25, cy - size * 0.3, cx - size * 0.2, cy + size * 0.3, size * 0.16, BEAN_CREASE),
  line(cx - size * 0.2, cy + size * 0.3, cx + size * 0.1, cy + size * 0.85, size * 0.16, BEAN_CREASE),
]

/** A closed box seen from the front left: front face, top and right side. */
const box = (x: number, y: number, w: number, h: number, depth: number, colour: string): Shape[] => [
  poly(
    [
      [x + w, y],
      [x + w + depth, y - depth * 0.6],
      [x + w + depth, y + h - depth * 0.6],
      [x + w, y + h],
    ],
    shade(colour, -0.3),
  ),
  poly(
    [
      [x, y],
      [x + depth, y - depth * 0.6],
      [x + w + depth, y - depth * 0.6],
      [x + w, y],
    ],
    shade(colour, 0.25),
  ),
  rect(x, y, w, h, colour),
]

/** A single-serve pod: ribbed cup, rim and a coloured foil lid. */
function pod(accent: string): Shape[] {
  return [
    shadow(26),
    poly(
      [
        [26, 34],
        [74, 34],
        [66, 88],
        [34, 88],
      ],
      '#f5f0e8',
    ),
    line(38, 42, 40, 82, 1.4, '#ddd3c4'),
    line(50, 42, 50, 82, 1.4, '#ddd3c4'),
    line(62, 42, 60, 82, 1.4, '#ddd3c4'),
    rect(22, 27, 56, 9, '#e2d9cb', 4),
    ellipse(50, 28, 28, 6, accent),
    ellipse(43, 27, 12, 2.2, '#ffffff', 0.35),
  ]
}

/** A box of pods: the box in the product's colour, a cream label band and a pod on its front. */
function podBox(accent: string): Shape[] {
  return [
    shadow(),
    ...box(16, 24, 54, 68, 14, accent),
    rect(16, 31, 54, 13, CREAM),
    rect(22, 35, 28, 2.6, '#4b2e1e'),
    rect(22, 39.5, 18, 2, '#8a6a55'),
    ellipse(62, 37.5, 4.5, 4.5, accent),
    ...place(pod(shade(accent, 0.45)).slice(1), 24, 44, 0.42),
  ]
}

/** A home single-serve brewer with its water tank, a mug under the spout and a lit display. */
function brewer(accent: string): Shape[] {
  return [
    shadow(38),
    rect(12, 22, 18, 64, '#9fd0ec', 4, 0.9),
    rect(12, 46, 18, 40, '#6fb6e0', 4, 0.9),
    rect(24, 16, 52, 76, accent, 8),
    rect(22, 10, 56, 24, shade(accent, 0.18), 8),
    rect(36, 7, 28, 5, shade(accent, 0.3), 2.5),
    rect(58, 17, 14, 8, '#8fe0c0', 2),
    rect(32, 38, 36, 42, '#1b1b1e', 3),
    rect(45, 34, 10, 6, '#6b6b70', 1.5),
    line(50, 41, 50, 54, 2, COFFEE),
    rect(39, 56, 22, 23, WHITE, 3),
    arc(61, 67.5, 8, 4.5, -80, 80, WHITE),
    rect(30, 80, 40, 7, '#55555b', 2),
  ]
}

/** A commercial brewer: wide stainless body, touch screen, two spouts filling two paper cups. */
function commercialBrewer(accent: string): Shape[] {
  const cup = (x: number): Shape[] => [
    poly(
      [
        [x, 62],
        [x + 14, 62],
        [x + 12, 82],
        [x + 2, 82],
      ],
      '#ffffff',
    ),
    poly(
      [
        [x + 0.8, 68],
        [x + 13.2, 68],
        [x + 12.6, 74],
        [x + 1.4, 74],
      ],
      '#c8a27a',
    ),
  ]
  return [
    shadow(44),
    rect(12, 6, 76, 86, accent, 5),
    rect(12, 6, 76, 18, shade(accent, 0.35), 5),
    line(24, 14, 40, 14, 1.6, shade(accent, -0.2)),
    line(24, 18, 40, 18, 1.6, shade(accent, -0.2)),
    rect(28, 28, 44, 16, '#4aa8e0', 2),
    rect(32, 32, 16, 3, '#dff2ff'),
    rect(32, 37, 24, 2.5, '#bfe3fa'),
    ellipse(64, 36, 3.5, 3.5, '#dff2ff'),
    rect(20, 50, 60, 34, '#1e2126', 2),
    rect(32, 50, 6, 6, '#9aa1aa', 1),
    rect(62, 50, 6, 6, '#9aa1aa', 1),
    ...cup(28),
    ...cup(58),
    rect(18, 84, 64, 5, '#7d848d', 1.5),
  ]
}

/** A steaming mug in the product's colour; with marshmallows it is hot cocoa. */
function mug(accent: string, drink = COFFEE, marshmallows = false): Shape[] {
  return [
    ellipse(46, 93, 30, 3.5, '#000000', 0.12),
    arc(66, 60, 16, 9, -75, 75, shade(accent, -0.15)),
    rect(20, 34, 48, 56, accent, 9),
    ellipse(44, 36, 24, 5.5, shade(accent, 0.25)),
    ellipse(44, 36.5, 20.5, 4, drink),
    ...(marshmallows
      ? [
          rect(32, 32, 7, 5, '#ffffff', 1.5),
          rect(42, 33, 7, 5, '#fdf3f5', 1.5),
          rect(51, 31.5, 7, 5, '#ffffff', 1.5),
        ]
      : []),
    rect(30, 58, 28, 8, CREAM, 4, 0.9),
    ...wave(34, 27, 8, 2.5, STEAM),
    ...wave(44, 25, 4, 2.5, STEAM),
    ...wave(54, 27, 10, 2.5, STEAM),
  ]
}

/** A bag of coffee: folded, crimped top, a degassing valve and a bean on its label. */
function coffeeBag(accent: string): Shape[] {
  return [
    shadow(34),
    poly(
      [
        [22, 30],
        [78, 30],
        [82, 90],
        [18, 90],
      ],
      accent,
    ),
    poly(
      [
        [22, 30],
        [29, 30],
        [27, 90],
        [18, 90],
      ],
      shade(accent, -0.18),
    ),
    rect(24, 12, 52, 20, shade(accent, -0.12), 2),
    line(27, 17, 73, 17, 1.5, shade(accent, -0.4)),
    line(27, 21, 73, 21, 1.5, shade(accent, -0.4)),
    ellipse(50, 38, 3.2, 3.2, shade(accent, 0.35)),
    rect(32, 46, 38, 32, CREAM, 4),
    ...bean(51, 62, 10),
  ]
}

/** A canister of ground coffee: lid, label and bean. */
function canister(accent: string): Shape[] {
  return [
    shadow(28),
    ellipse(50, 89, 24, 4.5, shade(accent, -0.2)),
    rect(26, 22, 48, 67, accent, 3),
    rect(26, 42, 48, 28, CREAM),
    ...bean(50, 56, 7),
    rect(24, 14, 52, 10, shade(accent, -0.25), 2),
    ellipse(50, 14, 26, 5.5, shade(accent, 0.15)),
  ]
}

/** A box of tea: a leaf on its window and a tea bag's tag hanging over the top. */
function teaBox(accent: string): Shape[] {
  return [
    shadow(),
    ...box(18, 30, 54, 60, 12, accent),
    rect(24, 44, 42, 30, '#f7f3e6', 3),
    ...leaf(45, 59, 26, 12, -30, '#4f8a3c', '#2f5d24'),
    line(58, 26, 64, 10, 1, '#8a7f6a'),
    rect(59, 2, 13, 10, CREAM, 1.5),
    rect(61.5, 5.5, 8, 2, accent),
  ]
}

/** A cold can with a pull tab and condensation drops. */
function coldCan(accent: string): Shape[] {
  const drop = (x: number, y: number) => ellipse(x, y, 1.6, 2.4, '#ffffff', 0.8)
  return [
    ellipse(50, 93, 20, 3, '#000000', 0.12),
    rect(34, 18, 32, 72, accent, 5),
    ellipse(50, 19, 16, 3.5, '#c9ced4'),
    rect(46, 14.5, 8, 3.5, '#aab1b9', 1.5),
    rect(35, 86, 30, 4, '#aab1b9', 2),
    rect(34, 40, 32, 16, CREAM, 0, 0.92),
    rect(39, 46, 22, 3.5, accent, 1.5),
    drop(40, 30),
    drop(60, 28),
    drop(59, 66),
    drop(43, 76),
  ]
}

/** A cold drink in a clear bottle with a cap and a label. */
function coldBottle(accent: string): Shape[] {
  return [
    ellipse(50, 93, 18, 3, '#000000', 0.12),
    rect(44, 6, 12, 8, '#c9ced4', 1.5),
    poly(
      [
        [45, 14],
        [55, 14],
        [60, 30],
        [40, 30],
      ],
      GLASS,
      0.95,
    ),
    rect(36, 28, 28, 62, GLASS, 7, 0.95),
    rect(38.5, 38, 23, 49.5, accent, 5),
    rect(36, 52, 28, 16, CREAM),
    rect(41, 58, 18, 3.5, accent, 1.5),
    ellipse(44, 34, 1.5, 3, '#ffffff', 0.7),
  ]
}

/** An iced recipe drink in a tall glass: coffee under milk, ice, whipped cream, drizzle and a straw. */
function recipeGlass(accent: string): Shape[] {
  return [
    shadow(22),
    line(58, 18, 71, 2, 3.5, '#d9534f'),
    poly(
      [
        [28, 26],
        [72, 26],
        [65, 90],
        [35, 90],
      ],
      GLASS,
      0.95,
    ),
    poly(
      [
        [31.5, 55],
        [68.5, 55],
        [65.3, 87],
        [34.7, 87],
      ],
      BEAN,
    ),
    poly(
      [
        [30, 40],
        [70, 40],
        [68.5, 55],
        [31.5, 55],
      ],
      '#d8b48e',
    ),
    rect(37, 60, 10, 9, '#ffffff', 2, 0.45),
    rect(52, 67, 10, 9, '#ffffff', 2, 0.45),
    ellipse(40, 27, 11, 7, '#fffdf8'),
    ellipse(60, 27, 11, 7, '#fffdf8'),
    ellipse(50, 21, 12, 9, '#fffdf8'),
    line(38, 23, 46, 26, 1.8, accent),
    line(46, 26, 54, 19, 1.8, accent),
    line(54, 19, 62, 25, 1.8, accent),
  ]
}

/** A hot recipe drink: a latte with a foam heart in a cup on its saucer. */
function recipeCup(accent: string): Shape[] {
  return [
    ellipse(50, 86, 40, 7, '#f1ece4'),
    ellipse(50, 85, 30, 4.5, '#e2dbd0'),
    arc(74, 60, 11, 6, -70, 70, WHITE),
    rect(24, 44, 52, 40, WHITE, 16),
    ellipse(50, 46, 26, 7, '#e9e3da'),
    ellipse(50, 46, 23, 5.5, accent),
    ellipse(47, 45.5, 3.2, 2.2, CREAM),
    ellipse(53, 45.5, 3.2, 2.2, CREAM),
    poly(
      [
        [44, 46],
        [56, 46],
        [50, 50],
      ],
      CREAM,
    ),
    ...wave(42, 36, 14, 2.5, STEAM),
    ...wave(56, 36, 18, 2.5, STEAM),
  ]
}

/** Three chasing arrows around a leaf: recycling and sustainability. */
function recycle(accent: string): Shape[] {
  const shapes: Shape[] = []
  for (let k = 0; k < 3; k++) {
    const start = -80 + k * 120
    const end = start + 86
    shapes.push(arc(50, 50, 42, 32, start, end, accent))
    // The arrowhead points on around the circle (clockwise) at the arc's end.
    const a = (end * Math.PI) / 180
    const at = (r: number, ahead = 0) => {
      const b = a + ahead
      return [50 + r * Math.cos(b), 50 + r * Math.sin(b)] as const
    }
    shapes.push(poly([at(47, 0), at(37, 0.28), at(27, 0)], accent))
  }
  return [
    ...shapes,
    ...leaf(50, 52, 34, 18, -40, '#5aa05a', '#2f6d34'),
    ...leaf(58, 60, 18, 9, 20, '#7cc26b', '#3f7d3a'),
  ]
}

/** A starter kit: brewer, a box of pods and a mug together, tied with a bow. */
function starterKit(accent: string): Shape[] {
  return [
    ellipse(50, 93, 46, 3.5, '#000000', 0.12),
    ...place(brewer(accent).slice(1), -2, 14, 0.8),
    ...place(podBox('#8b4a2b').slice(1), 50, 36, 0.56),
    ...place(mug('#e0a23a').slice(1), 58, 66, 0.3),
    poly(
      [
        [66, 41],
        [60, 36],
        [60, 46],
      ],
      '#d9534f',
    ),
    poly(
      [
        [66, 41],
        [72, 36],
        [72, 46],
      ],
      '#d9534f',
    ),
    ellipse(66, 41, 2.2, 2.2, '#b83c39'),
  ]
}

/** Auto-delivery: a shipping box with a circling arrow (it comes back on its own). */
function autoDelivery(accent: string): Shape[] {
  return [
    shadow(),
    ...box(14, 44, 52, 46, 14, '#c8955f'),
    rect(34, 44, 12, 46, '#e3bd8a'),
    rect(20, 72, 12, 8, CREAM, 1),
    arc(74, 26, 18, 11, -220, 40, accent),
    poly(
      [
        [92.5, 40],
        [80, 41],
        [88, 30],
      ],
      accent,
    ),
  ]
}

/** A smart brewer: the brewer with a wireless signal over it. */
function smartBrewer(accent: string): Shape[] {
  return [
    ...place(brewer(accent), -2, 8, 0.9),
    arc(82, 26, 16, 12, -140, -40, '#2f8fd8'),
    arc(82, 26, 10, 6.5, -140, -40, '#2f8fd8'),
    ellipse(82, 25, 2.6, 2.6, '#2f8fd8'),
  ]
}

/** A paper hot cup with its lid and a sleeve in the product's colour. */
function paperCup(accent: string): Shape[] {
  return [
    shadow(22),
    poly(
      [
        [30, 28],
        [70, 28],
        [64, 92],
        [36, 92],
      ],
      WHITE,
    ),
    poly(
      [
        [31.6, 46],
        [68.4, 46],
        [66.4, 70],
        [33.6, 70],
      ],
      accent,
    ),
    rect(26, 20, 48, 9, '#e7e2da', 3),
    rect(32, 13, 36, 8, '#efebe4', 3),
  ]
}

/** A bottle of descaling solution: a water drop on its label. */
function descaler(accent: string): Shape[] {
  return [
    shadow(24),
    rect(42, 6, 16, 10, '#3b6fb6', 2),
    rect(44, 15, 12, 8, '#eaf3fb'),
    rect(28, 21, 44, 69, '#eaf3fb', 10),
    rect(28, 42, 44, 32, accent),
    ellipse(50, 62, 6, 6, '#ffffff'),
    poly(
      [
        [44.6, 60],
        [55.4, 60],
        [50, 49],
      ],
      '#ffffff',
    ),
  ]
}

/** A water filter cartridge with a blue band and a drop beside it. */
function waterFilter(accent: string): Shape[] {
  return [
    shadow(24),
    rect(36, 14, 28, 74, '#f2f4f6', 6),
    line(40, 58, 60, 58, 1.2, '#d5dbe1'),
    line(40, 66, 60, 66, 1.2, '#d5dbe1'),
    line(40, 74, 60, 74, 1.2, '#d5dbe1'),
    rect(38, 8, 24, 8, accent, 3),
    rect(36, 38, 28, 11, accent),
    ellipse(78, 74, 7, 7, '#5aa9e6'),
    poly(
      [
        [71.6, 72],
        [84.4, 72],
        [78, 60],
      ],
      '#5aa9e6',
    ),
  ]
}

/** A pod storage drawer with pods lined up on top. */
function podDrawer(accent: string): Shape[] {
  const pods = [4, 25, 46, 67].flatMap((x, i) =>
    place(pod(['#8b4a2b', '#2f6d5a', '#c77a3a', '#4b2e1e'][i]!).slice(1), x, 26, 0.3),
  )
  return [
    shadow(44),
    rect(8, 52, 84, 34, accent, 4),
    rect(13, 62, 74, 18, shade(accent, 0.15), 3),
    rect(40, 68, 20, 4, '#9aa1aa', 2),
    ...pods,
  ]
}

/** A shipping case of supplies, as the business store sells them: cardboard, tape and a label. */
function caseBox(accent: string): Shape[] {
  return [
    shadow(40),
    ...box(12, 34, 62, 56, 16, '#c8955f'),
    rect(37, 34, 12, 56, '#e3bd8a'),
    rect(18, 58, 16, 20, CREAM, 1.5),
    rect(20.5, 62, 11, 3, accent, 1),
    rect(20.5, 67, 8, 2, '#8a6a55'),
  ]
}

/**
 * Every drawing by name; the ones used as product pictures map from catalogue rows in productArt.ts.
 * `title` names the picture (SVG <title>) for anyone who opens the image alone.
 */
export const DRAWINGS = {
  pod: { title: 'A coffee pod', draw: (accent: string) => pod(accent) },
  podBox: { title: 'A box of coffee pods', draw: (accent: string) => podBox(accent) },
  brewer: { title: 'A single-serve brewer with a mug', draw: (accent: string) => brewer(accent) },
  commercialBrewer: {
    title: 'A commercial brewer filling two cups',
    draw: (accent: string) => commercialBrewer(accent),
  },
  mug: { title: 'A mug of coffee', draw: (accent: string) => mug(accent) },
  hotCocoa: { title: 'A mug of hot cocoa', draw: (accent: string) => mug(accent, '#7a4a2e', true) },
  coffeeBag: { title: 'A bag of coffee', draw: (accent: string) => coffeeBag(accent) },
  canister: { title: 'A canister of ground coffee', draw: (accent: string) => canister(accent) },
  teaBox: { title: 'A box of tea', draw: (accent: string) => teaBox(accent) },
  coldCan: { title: 'A cold drink can', draw: (accent: string) => coldCan(accent) },
  coldBottle: { title: 'A cold drink bottle', draw: (accent: string) => coldBottle(accent) },
  recipeGlass: { title: 'An iced coffee drink in a glass', draw: (accent: string) => recipeGlass(accent) },
  recipeCup: { title: 'A latte with a foam heart', draw: (accent: string) => recipeCup(accent) },
  recycle: { title: 'Recycling arrows around a leaf', draw: (accent: string) => recycle(accent) },
  starterKit: { title: 'A brewer, pods and a mug together', draw: (accent: string) => starterKit(accent) },
  autoDelivery: {
    title: 'A delivery box with a circling arrow',
    draw: (accent: string) => autoDelivery(accent),
  },
  smartBrewer: {
    title: 'A smart brewer with a wireless signal',
    draw: (accent: string) => smartBrewer(accent),
  },
  paperCup: { title: 'A paper hot cup with a sleeve', draw: (accent: string) => paperCup(accent) },
  descaler: { title: 'A bottle of descaling solution', draw: (accent: string) => descaler(accent) },
  waterFilter: { title: 'A water filter cartridge', draw: (accent: string) => waterFilter(accent) },
  podDrawer: { title: 'A pod storage drawer', draw: (accent: string) => podDrawer(accent) },
  caseBox: { title: 'A case of supplies', draw: (accent: string) => caseBox(accent) },
} as const satisfies Record<string, { title: string; draw: (accent: string) => Shape[] }>

export const DRAWING_KINDS = Object.keys(DRAWINGS) as DrawingKind[]
