import { describe, expect, it } from 'vitest'
import { reloadWhenRestoredSignedOut } from './restoredPage'

const pageshow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted })

describe('a page restored from the back/forward cache after a sign-out', () => {
  it('is loaded again when the session it was drawn for is gone', () => {
    const win = new EventTarget() as unknown as Window
    let session = true
    let reloads = 0
    const stop = reloadWhenRestoredSignedOut({
      win,
      loadedSignedIn: true,
      hasSession: () => session,
      reload: () => void reloads++,
    })
    win.dispatchEvent(pageshow(true))
    expect(reloads).toBe(0)
    session = false
    win.dispatchEvent(pageshow(false))
    expect(reloads).toBe(0)
    win.dispatchEvent(pageshow(true))
    expect(reloads).toBe(1)
    stop()
    win.dispatchEvent(pageshow(true))
    expect(reloads).toBe(1)
  })

  it('a page drawn for a visitor is left as it is', () => {
    const win = new EventTarget() as unknown as Window
    let reloads = 0
    reloadWhenRestoredSignedOut({
      win,
      loadedSignedIn: false,
      hasSession: () => false,
      reload: () => void reloads++,
    })
    win.dispatchEvent(pageshow(true))
    expect(reloads).toBe(0)
  })
})
