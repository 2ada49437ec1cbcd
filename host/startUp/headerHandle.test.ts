import { describe, expect, it } from 'vitest'
import contentPlugin from '../../plugins/content'
import { createTestKernel } from '../../test/createTestKernel'
import type { StartUpHeaderData } from '../data/loadHeaderData'
import { headerHandle } from './headerHandle'

const parts = { faults: [], cms: {} as never, headerData: {} as StartUpHeaderData }

describe('window.oneHeader, the calls page code makes through the header', () => {
  it('without the content plugin, notify me and geocode answer that they are off, never throw nor call', async () => {
    const { kernel } = createTestKernel([])
    const handle = headerHandle(kernel, parts)
    expect(await handle.geocode({ address: 'Boston' })).toEqual({
      ok: false,
      reason: 'failed',
      message: "Geocoding is switched off for this page (the 'content' plugin does not run).",
    })
    expect(await handle.alertMe({ productCode: '5000330', email: 'a@b.co' })).toMatchObject({
      ok: false,
      reason: 'failed',
    })
  })

  it("with it, geocode is the content plugin's", async () => {
    const { kernel } = createTestKernel([contentPlugin])
    // The plugin's own check answers (one letter is no place), so no call is needed to tell it is there.
    expect(await headerHandle(kernel, parts).geocode({ address: 'x' })).toMatchObject({ reason: 'invalid' })
  })
})
