// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { DEFAULT_PORT, portFrom } from './port'

describe('the reference server’s port', () => {
  it('is 4200 by default', () => {
    expect(DEFAULT_PORT).toBe(4200)
    expect(portFrom({})).toBe(4200)
  })

  it('is PORT when that is a port number, and nothing otherwise', () => {
    expect(portFrom({ PORT: '4411' })).toBe(4411)
    for (const bad of ['0', '65536', '42.5', 'http', '']) expect(portFrom({ PORT: bad })).toBeUndefined()
  })
})
