import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { NavComponent, SiteConfigResponse } from '../../contracts/cms'
import {
  LAST_GOOD_MAX_AGE_MS,
  LAST_GOOD_MAX_CHARS,
  LAST_GOOD_VERSION,
  type LastGoodOptions,
  lastGoodKey,
  openLastGood,
} from './lastGood'

/** localStorage as the browser has it, in memory; `fail` makes an operation throw like a refusing browser. */
function memoryStorage(fail: { get?: boolean; set?: boolean; remove?: boolean } = {}) {
  const items = new Map<string, string>()
  const storage = {
    get length() {
      return items.size
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem(key: string) {
      if (fail.get) throw new DOMException('The operation is insecure.', 'SecurityError')
      return items.get(key) ?? null
    },
    setItem(key: string, value: string) {
      if (fail.set) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      items.set(key, String(value))
    },
    removeItem(key: string) {
      if (fail.remove) throw new DOMException('The operation is insecure.', 'SecurityError')
      items.delete(key)
    },
    clear: () => items.clear(),
  } satisfies Storage
  return { storage, items }
}

const SITE: SiteConfigResponse = {
  siteConfigurations: { entry: [{ key: 'search.character.limit', value: '80' }] },
  messageItems: { entry: [{ key: 'header.log.in', value: 'Sign in' }] },
}
const NAV: NavComponent[] = [
  { uid: 'CoffeeBar', visible: 'true', highlighted: 'false', link: { linkName: 'Coffee', url: '/c/coffee' } },
]
const T0 = Date.UTC(2026, 0, 15)

function open(storage: Storage | undefined, more: Partial<LastGoodOptions> = {}) {
  const problems: string[] = []
  const store = openLastGood({
    brand: 'usb2c',
    lang: 'en',
    storage: () => storage,
    now: () => T0,
    onProblem: (m) => problems.push(m),
    ...more,
  })
  return { store, problems }
}

describe('the last good CMS copy', () => {
  it('keeps both parts in one entry per brand and language, and reads them back decoded', () => {
    const { storage, items } = memoryStorage()
    const { store } = open(storage)
    store.write('siteConfig', SITE)
    store.write('navigation', NAV)
    expect([...items.keys()]).toEqual([lastGoodKey('usb2c', 'en')])
    const again = open(storage, { now: () => T0 + 1000 }).store
    expect(again.has('siteConfig')).toBe(true)
    expect(again.read('siteConfig')).toEqual({ data: SITE, savedAt: T0 })
    expect(again.read('navigation')).toEqual({ data: NAV, savedAt: T0 })
    // Nothing but the version and the two CMS parts is ever written.
    expect(Object.keys(JSON.parse(items.get(lastGoodKey('usb2c', 'en'))!)).sort()).toEqual([
      'navigation',
      'siteConfig',
      'v',
    ])
  })

  it('uses a stored navigation only for the visitor segments it was answered for', () => {
    const { storage, items } = memoryStorage()
    const shopper = 'KnownUser~ActiveADUser'
    const first = open(storage, { audience: shopper }).store
    first.write('siteConfig', SITE)
    first.write('navigation', NAV)
    expect(JSON.parse(items.get(lastGoodKey('usb2c', 'en'))!).audience).toBe(shopper)
    expect(open(storage, { audience: shopper }).store.read('navigation')).toEqual({ data: NAV, savedAt: T0 })
    // Signed out, the next visitor is unknown: the configuration still serves, the navigation not.
    const next = open(storage, { audience: 'UnknownUser' }).store
    // Dropped from storage as soon as the page opens it, not only left unused.
    expect(JSON.parse(items.get(lastGoodKey('usb2c', 'en'))!).navigation).toBeUndefined()
    expect(next.has('navigation')).toBe(false)
    expect(next.read('navigation')).toBeUndefined()
    expect(next.read('siteConfig')).toEqual({ data: SITE, savedAt: T0 })
    next.write('siteConfig', SITE)
    const entry = JSON.parse(items.get(lastGoodKey('usb2c', 'en'))!)
    expect(entry.audience).toBe('UnknownUser')
    expect(entry.navigation).toBeUndefined()
  })

  it('never mixes brands or languages', () => {
    const { storage, items } = memoryStorage()
    open(storage).store.write('siteConfig', SITE)
    for (const [brand, lang] of [
      ['usb2c', 'fr'],
      ['cab2c', 'en'],
      ['usafh', 'en'],
    ] as const) {
      const other = openLastGood({ brand, lang, storage: () => storage, now: () => T0 })
      expect(other.has('siteConfig')).toBe(false)
      expect(other.read('siteConfig')).toBeUndefined()
      other.write('navigation', NAV)
    }
    expect(items.size).toBe(4)
    expect(open(storage).store.read('navigation')).toBeUndefined()
  })

  it('uses a part for seven days after it was saved, then drops it', () => {
    const { storage, items } = memoryStorage()
    open(storage).store.write('siteConfig', SITE)
    expect(open(storage, { now: () => T0 + LAST_GOOD_MAX_AGE_MS }).store.read('siteConfig')).toBeDefined()
    const late = open(storage, { now: () => T0 + LAST_GOOD_MAX_AGE_MS + 1 })
    expect(late.store.has('siteConfig')).toBe(false)
    expect(late.store.read('siteConfig')).toBeUndefined()
    expect(late.problems.join()).toMatch(/too old/)
    // A saved-at time far in the future (a hand-made entry, a clock put back) is not believed either.
    expect(open(storage, { now: () => T0 - 2 * 24 * 3600_000 }).store.read('siteConfig')).toBeUndefined()
    expect(items.size).toBe(1)
  })

  it('refuses to store an entry over 64 K characters and keeps no outdated copy of that part', () => {
    const { storage, items } = memoryStorage()
    const { store, problems } = open(storage)
    store.write('navigation', NAV)
    store.write('siteConfig', SITE)
    const huge: SiteConfigResponse = {
      siteConfigurations: { entry: [{ key: 'x', value: 'y'.repeat(LAST_GOOD_MAX_CHARS) }] },
      messageItems: { entry: [] },
    }
    store.write('siteConfig', huge)
    expect(problems.join()).toMatch(/over 65536\); not stored/)
    const again = open(storage).store
    expect(again.read('siteConfig')).toBeUndefined()
    expect(again.read('navigation')?.data).toEqual(NAV)
    expect(items.get(lastGoodKey('usb2c', 'en'))!.length).toBeLessThanOrEqual(LAST_GOOD_MAX_CHARS)
  })

  it('drops an entry over the size limit without parsing it', () => {
    const { storage, items } = memoryStorage()
    items.set(lastGoodKey('usb2c', 'en'), ' '.repeat(LAST_GOOD_MAX_CHARS + 1))
    const { store, problems } = open(storage)
    expect(store.has('siteConfig')).toBe(false)
    expect(problems.join()).toMatch(/over 65536/)
    expect(items.size).toBe(0)
  })

  it('drops bad JSON, another version and a wrong shape, says so, and never throws', () => {
    for (const text of [
      '{"v":1,"siteConfig":',
      'null',
      '"text"',
      JSON.stringify({ v: 0, siteConfig: { savedAt: T0, data: SITE } }),
      JSON.stringify({ siteConfig: { savedAt: T0, data: SITE } }),
    ]) {
      const { storage, items } = memoryStorage()
      items.set(lastGoodKey('usb2c', 'en'), text)
      const { store, problems } = open(storage)
      expect(store.read('siteConfig')).toBeUndefined()
      expect(problems).toHaveLength(1)
      expect(items.size).toBe(0)
    }
    const { storage, items } = memoryStorage()
    items.set(
      lastGoodKey('usb2c', 'en'),
      JSON.stringify({
        v: LAST_GOOD_VERSION,
        siteConfig: { savedAt: T0, data: { messageItems: { entry: [{ key: 'header.log.in', value: 42 }] } } },
        navigation: { savedAt: T0, data: NAV },
      }),
    )
    const { store, problems } = open(storage)
    expect(store.read('siteConfig')).toBeUndefined()
    expect(problems.join()).toMatch(/siteConfig is of the wrong shape at data\.messageItems\.entry\.0\.value/)
    // The good part stays usable, and the next write leaves the bad one out.
    expect(store.read('navigation')?.data).toEqual(NAV)
    store.write('navigation', NAV)
    expect(Object.keys(JSON.parse(items.get(lastGoodKey('usb2c', 'en'))!))).toEqual(['v', 'navigation'])
  })

  it('reads whatever was stored as a valid copy or nothing, never throwing (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc
            .record({
              v: fc.constant(LAST_GOOD_VERSION),
              siteConfig: fc.anything(),
              navigation: fc.anything(),
            })
            .map((o) => JSON.stringify(o)),
          fc
            .record({
              v: fc.constant(LAST_GOOD_VERSION),
              siteConfig: fc.record({ savedAt: fc.constant(T0), data: fc.jsonValue() }),
              navigation: fc.record({ savedAt: fc.double(), data: fc.array(fc.jsonValue()) }),
            })
            .map((o) => JSON.stringify(o)),
        ),
        (text) => {
          const { storage, items } = memoryStorage()
          items.set(lastGoodKey('usb2c', 'en'), text)
          const { store } = open(storage)
          for (const part of ['siteConfig', 'navigation'] as const) {
            const read = store.read(part)
            if (read) {
              expect(typeof read.savedAt).toBe('number')
              expect(read.data).toBeDefined()
            }
          }
        },
      ),
    )
  })

  it('is a quiet no-op when storage is missing, disabled or refuses writes', () => {
    const cases: (() => Storage | undefined)[] = [
      () => undefined,
      () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
      () => memoryStorage({ get: true, set: true, remove: true }).storage,
    ]
    for (const storage of cases) {
      const store = openLastGood({ brand: 'usb2c', lang: 'en', storage, now: () => T0 })
      expect(store.has('siteConfig')).toBe(false)
      expect(store.read('navigation')).toBeUndefined()
      expect(() => store.write('siteConfig', SITE)).not.toThrow()
    }
    // A full storage (quota): the write is refused, reported, and no outdated copy is kept.
    const { storage, items } = memoryStorage()
    open(storage).store.write('navigation', NAV)
    const quota = memoryStorage({ set: true })
    quota.items.set(lastGoodKey('usb2c', 'en'), items.get(lastGoodKey('usb2c', 'en'))!)
    const { store, problems } = open(quota.storage)
    store.write('navigation', NAV)
    expect(problems.join()).toMatch(/could not be stored.*QuotaExceededError/)
    expect(quota.items.size).toBe(0)
  })

  it('writes only when its scheduler runs the write (start-up: when the browser is idle)', () => {
    const { storage, items } = memoryStorage()
    const queued: (() => void)[] = []
    const { store } = open(storage, { schedule: (w) => queued.push(w) })
    store.write('siteConfig', SITE)
    expect(items.size).toBe(0)
    for (const w of queued) w()
    expect(items.size).toBe(1)
  })
})
