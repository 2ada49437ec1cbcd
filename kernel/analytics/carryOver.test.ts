// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { blockedPage, tabPage } from '../../test/fakes/tabPage'
import { CARRY_MAX_AGE_MS, CARRY_MAX_CHARS, carryOver, isRecord } from './carryOver'

type Item = { n: number; at: number; extra?: unknown }
const KEY = 'test.carry'

/** A page's list of unsent items, carried over like the backlog and the tag queue. */
function pageWith(page: Window, now = () => 1000) {
  const items: Item[] = []
  const arrived: Item[][] = []
  carryOver<Item>(page, {
    key: KEY,
    now,
    unsent: () => items,
    handedOver: (gone) => {
      const set = new Set(gone)
      items.splice(0, items.length, ...items.filter((item) => !set.has(item)))
    },
    takeOver: (carried) => {
      arrived.push(carried)
      items.unshift(...carried)
    },
    decode: (value) =>
      isRecord(value) && typeof value.n === 'number' && typeof value.at === 'number'
        ? { n: value.n, at: value.at }
        : undefined,
    timeOf: (item) => item.at,
  })
  return { items, arrived }
}

beforeEach(() => sessionStorage.clear())

describe('carrying unsent items to the tab’s next page', () => {
  it('the next page takes them once, in order; the key is gone as soon as it is read', () => {
    const first = tabPage()
    const a = pageWith(first)
    a.items.push({ n: 1, at: 900 }, { n: 2, at: 950 })
    first.leave()
    // No longer the first page's: only the page shown next sends them.
    expect(a.items).toEqual([])
    expect(JSON.parse(sessionStorage.getItem(KEY) ?? '')).toEqual([
      { n: 1, at: 900 },
      { n: 2, at: 950 },
    ])
    const b = pageWith(tabPage())
    expect(b.arrived).toEqual([
      [
        { n: 1, at: 900 },
        { n: 2, at: 950 },
      ],
    ])
    expect(sessionStorage.getItem(KEY)).toBeNull()
    // A reload (or any later page) gets nothing again.
    expect(pageWith(tabPage()).arrived).toEqual([])
  })

  it('writes nothing when nothing waits, and carries neither what is too old nor what is not JSON', () => {
    const first = tabPage()
    const a = pageWith(first, () => CARRY_MAX_AGE_MS + 2000)
    first.leave()
    expect(sessionStorage.getItem(KEY)).toBeNull()
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    a.items.push({ n: 1, at: 1000 }, { n: 2, at: 2000, extra: cycle }, { n: 3, at: 2000 })
    first.leave()
    // The old one and the cycle stay with the page (one never to be sent, one it may still send).
    expect(a.items.map((item) => item.n)).toEqual([1, 2])
    expect(JSON.parse(sessionStorage.getItem(KEY) ?? '')).toEqual([{ n: 3, at: 2000 }])
  })

  it('ignores, and removes, a stored text that is not a JSON array, too long, or too old', () => {
    for (const text of ['not json', '{"n":1,"at":1000}', `[${'1,'.repeat(CARRY_MAX_CHARS / 2)}1]`]) {
      sessionStorage.setItem(KEY, text)
      expect(pageWith(tabPage()).arrived).toEqual([])
      expect(sessionStorage.getItem(KEY)).toBeNull()
    }
    sessionStorage.setItem(KEY, JSON.stringify([{ n: 1, at: 1000 }, { n: 'x' }, null, { n: 2, at: 1500 }]))
    expect(pageWith(tabPage(), () => 1000 + CARRY_MAX_AGE_MS + 1).arrived).toEqual([[{ n: 2, at: 1500 }]])
  })

  it('leaves the oldest behind when everything would not fit under one key', () => {
    const first = tabPage()
    const a = pageWith(first)
    const big = 'x'.repeat(CARRY_MAX_CHARS / 3)
    for (let n = 1; n <= 4; n++) a.items.push({ n, at: 1000, extra: big })
    first.leave()
    expect(a.items.map((item) => item.n)).toEqual([1, 2])
    expect((sessionStorage.getItem(KEY) ?? '').length).toBeLessThanOrEqual(CARRY_MAX_CHARS)
  })

  it('does nothing where storage is blocked or full: the page keeps its items, nothing throws', () => {
    const blocked = blockedPage()
    const a = pageWith(blocked)
    a.items.push({ n: 1, at: 1000 })
    expect(() => blocked.leave()).not.toThrow()
    expect(a.items).toHaveLength(1)

    const full = tabPage({
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => undefined,
    } as unknown as Storage)
    const b = pageWith(full)
    b.items.push({ n: 1, at: 1000 })
    full.leave()
    expect(b.items).toHaveLength(1)

    // Read but not removable: not taken, or a reload would take it again.
    const stuck = tabPage({
      getItem: () => '[{"n":1,"at":1000}]',
      removeItem: () => {
        throw new Error('blocked')
      },
    } as unknown as Storage)
    expect(pageWith(stuck).arrived).toEqual([])
  })

  it('a page back from the cache takes back what no page took, and nothing another page took', () => {
    const first = tabPage()
    const a = pageWith(first)
    a.items.push({ n: 1, at: 1000 })
    // Into the cache and straight back (another site in between): its own items, once.
    first.leave(true)
    first.restore()
    expect(a.items).toEqual([{ n: 1, at: 1000 }])
    expect(sessionStorage.getItem(KEY)).toBeNull()
    first.restore()
    expect(a.items).toHaveLength(1)

    // Into the cache, then a page of the site takes the items and leaves its own: back on the
    // first page, the second page's are taken, the first page's are not sent again.
    first.leave(true)
    const second = tabPage()
    const b = pageWith(second)
    expect(b.items).toEqual([{ n: 1, at: 1000 }])
    b.items.splice(0)
    b.items.push({ n: 2, at: 1000 })
    second.leave(true)
    first.restore()
    expect(a.items).toEqual([{ n: 2, at: 1000 }])
  })
})
