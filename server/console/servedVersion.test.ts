import { describe, expect, it } from 'vitest'
import { servedSwitchesVersion } from './pluginPreview'
import { bucketOf, ROLLOUT_KEY } from './rolloutSwitches'
import { SCHEDULED_KEY } from './scheduledSwitches'

const rollout = (percent: number) => ({
  key: ROLLOUT_KEY,
  value: JSON.stringify({ id: 'r9', value: 'nav', percent, basedOn: 4, by: 'ana', reason: 'try it' }),
})

describe('the switches version a page carries for the real-user measures', () => {
  it('names a visitor in a running roll-out by the roll-out, the others by the live version it is based on', () => {
    const visitor = 'visitor-key-0123456789'
    const share = bucketOf(visitor, 'r9')
    expect(servedSwitchesVersion([rollout(Math.min(99, Math.floor(share) + 1))], undefined, 0, visitor)).toBe(
      'rollout:r9',
    )
    expect(servedSwitchesVersion([rollout(Math.max(1, Math.floor(share)))], undefined, 0, visitor)).toBe(
      share >= 1 ? 'v4' : 'rollout:r9',
    )
    expect(servedSwitchesVersion([rollout(50)], undefined, 0, undefined)).toBe('v4')
  })

  it('names a due schedule by the version it becomes, a preview by its label, else the live switches', () => {
    const scheduled = {
      key: SCHEDULED_KEY,
      value: JSON.stringify({ value: 'nav', atMs: 1000, basedOn: 6, by: 'ana', reason: 'friday' }),
    }
    expect(servedSwitchesVersion([scheduled], undefined, 999)).toBe('live')
    expect(servedSwitchesVersion([scheduled], undefined, 1000)).toBe('v7')
    expect(servedSwitchesVersion([scheduled], { value: '', label: 'v9 draft', createdBy: 'ana' }, 1000)).toBe(
      'preview:v9 draft',
    )
  })
})
