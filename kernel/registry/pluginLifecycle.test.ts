// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestKernel } from '../../test/createTestKernel'
import { createHttpClient, type KernelHttpClient } from '../http/createHttpClient'
import type { TokenPort } from '../http/tokenPort'
import { definePlugin } from '../plugin/definePlugin'
import { eagerSlot } from '../plugin/slots'
import { httpRef } from '../services/kernelRefs'
import { createServiceRef, optional, provide } from '../services/serviceRef'

/**
 * What a plugin puts into the kernel (services, its HTTP token port and rest headers, event
 * handlers, slots) is declared in its manifest, installed by the kernel and taken out again when the
 * plugin fails to start or stops: the kernel is then exactly as it was before the plugin.
 */
let server: Server
let origin: string
const seen: IncomingMessage['headers'][] = []
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"ok":true}')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  seen.length = 0
})

const sessionRef = createServiceRef<{ token: string }>('test.session')
const extraRef = createServiceRef<string>('test.extra')
const port = (token: string): TokenPort => ({
  accessToken: () => token,
  whenIdle: async () => {},
  dropAccessToken: () => {},
  refresh: async () => {},
})

/** A plugin like auth: a service, a token port, agent-style rest headers, an event handler, a slot. */
function authLike(opts: { failInStart?: boolean; id?: string } = {}) {
  let rotations = 0
  const plugin = definePlugin({
    id: opts.id ?? 'authlike',
    services: [provide(sessionRef, {}, () => ({ token: 'secret-token' })), provide(extraRef, {}, () => 'x')],
    http: {
      tokenPort: (ctx) => port(ctx.get(sessionRef).token),
      restHeaders: () => ({ customerId: 'cust-1', csAgentId: 'agent-1' }),
    },
    events: { rotateToken: () => void rotations++ },
    slots: { 'header.account': eagerSlot(() => null) },
    start: () => {
      if (opts.failInStart) throw new Error('start-up refused')
    },
  })
  return { plugin, rotations: () => rotations }
}

/** One bearer rest call through the kernel's client, as a plugin makes it: the headers it carried. */
async function headersOfACall(http: { request: KernelHttpClient['request'] }) {
  const before = seen.length
  await http.request({ path: 'users/current', schema: v.unknown(), bearer: true })
  return seen[before] ?? {}
}

function kernelWith(plugins: Parameters<typeof createTestKernel>[0]) {
  const http = createHttpClient({ brand: 'usb2c', correlationId: () => 'cid', origin })
  return createTestKernel(plugins, { http })
}

describe('plugin contributions are installed and removed by the kernel', () => {
  it('a running plugin: its services, token port, rest headers, handlers and slot are in place', async () => {
    const a = authLike()
    const { kernel } = kernelWith([a.plugin])
    expect(kernel.plugins.started).toEqual(['authlike'])
    expect(kernel.services.has(sessionRef)).toBe(true)
    const headers = await headersOfACall(kernel.services.get(httpRef))
    expect(headers.authorization).toBe('Bearer secret-token')
    expect([headers.customerid, headers.csagentid]).toEqual(['cust-1', 'agent-1'])
    kernel.bus.emit('rotateToken', {}, 'host')
    expect(a.rotations()).toBe(1)
    expect(kernel.plugins.slots.get('header.account')).toHaveLength(1)
  })

  it('a plugin that fails to start leaves the kernel as it was: no services, no port, no headers, no handlers', async () => {
    const a = authLike({ failInStart: true })
    const { kernel, faults } = kernelWith([a.plugin])
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([['PLUGIN_SETUP_FAILED', 'authlike']])
    expect(kernel.services.has(sessionRef)).toBe(false)
    expect(kernel.services.has(extraRef)).toBe(false)
    const headers = await headersOfACall(kernel.services.get(httpRef))
    expect(headers.authorization).toBeUndefined()
    expect(headers.customerid).toBeUndefined()
    expect(headers.csagentid).toBeUndefined()
    kernel.bus.emit('rotateToken', {}, 'host')
    expect(a.rotations()).toBe(0)
    expect(kernel.plugins.slots.has('header.account')).toBe(false)
  })

  it('stop() takes everything out again', async () => {
    const a = authLike()
    const { kernel } = kernelWith([a.plugin])
    const http = kernel.services.get(httpRef)
    kernel.plugins.stop()
    expect(kernel.services.has(sessionRef)).toBe(false)
    expect(kernel.services.has(extraRef)).toBe(false)
    const headers = await headersOfACall(http)
    expect(headers.authorization).toBeUndefined()
    expect(headers.customerid).toBeUndefined()
    kernel.bus.emit('rotateToken', {}, 'host')
    expect(a.rotations()).toBe(0)
    expect(kernel.plugins.slots.size).toBe(0)
  })

  it('plugins get calls only: the kernel client has no setter a service could reach', () => {
    const { kernel } = kernelWith([])
    expect(Object.keys(kernel.services.get(httpRef))).toEqual(['request'])
  })

  it('a second token port is refused with a coded fault; the first stays installed', async () => {
    const first = authLike({ id: 'first' })
    const second = definePlugin({ id: 'second', http: { tokenPort: () => port('other') } })
    const { kernel, faults } = kernelWith([first.plugin, second])
    expect(kernel.plugins.started).toEqual(['first'])
    expect(faults[0]).toMatchObject({ code: 'PLUGIN_INVALID', pluginId: 'second' })
    expect(faults[0]?.message).toContain("'first' already installed one")
    expect((await headersOfACall(kernel.services.get(httpRef))).authorization).toBe('Bearer secret-token')
  })
})

describe('optional service dependencies', () => {
  const loggerRef = createServiceRef<{ name: string }>('test.logger')
  const userRef = createServiceRef<{ logger: string }>('test.user')
  const user = definePlugin({
    id: 'user',
    services: [
      provide(userRef, { logger: optional(loggerRef) }, ({ logger }) => ({ logger: logger?.name ?? 'none' })),
    ],
  })
  const logging = definePlugin({
    id: 'logging',
    services: [provide(loggerRef, {}, () => ({ name: 'real' }))],
  })

  it('get the service when its plugin runs, even when that plugin is listed later (it starts first)', () => {
    const { kernel } = kernelWith([user, logging])
    expect(kernel.plugins.started).toEqual(['logging', 'user'])
    expect(kernel.services.get(userRef).logger).toBe('real')
  })

  it('get undefined when no plugin provides it, and the dependent still starts', () => {
    const { kernel, faults } = kernelWith([user])
    expect(faults).toEqual([])
    expect(kernel.services.get(userRef).logger).toBe('none')
  })

  it('factories are told their plugin id and decoded options', () => {
    const seenBy: unknown[] = []
    const p = definePlugin({
      id: 'opts',
      options: v.object({ currency: v.string() }),
      services: [provide(extraRef, {}, (_deps, plugin) => String(seenBy.push(plugin)))],
    })
    kernelWith([{ manifest: p, options: { currency: 'CAD' } }])
    expect(seenBy).toEqual([{ pluginId: 'opts', options: { currency: 'CAD' } }])
  })
})

describe('plugins whose code arrives late (progressive start)', () => {
  const needsRef = createServiceRef<string>('test.needs')
  it('a late plugin starts when added, its slot fills and subscribers hear it', () => {
    const { kernel } = kernelWith([])
    let heard = 0
    kernel.plugins.subscribe(() => void heard++)
    expect(kernel.plugins.slots.get('header.search')).toBeUndefined()
    kernel.plugins.add([
      { manifest: definePlugin({ id: 'late', slots: { 'header.search': eagerSlot(() => null) } }) },
    ])
    expect(kernel.plugins.started).toEqual(['late'])
    expect(kernel.plugins.slots.get('header.search')).toHaveLength(1)
    expect(heard).toBe(1)
  })

  it('a plugin that needs one still loading waits for it, then starts after it', () => {
    const order: string[] = []
    const base = definePlugin({
      id: 'base',
      services: [provide(needsRef, {}, () => String(order.push('base')))],
    })
    const user = definePlugin({ id: 'user', requires: ['base'], start: () => void order.push('user') })
    const { kernel, faults } = createTestKernel([user], { pending: ['base'] })
    expect(kernel.plugins.started).toEqual([])
    expect(faults).toEqual([])
    kernel.plugins.add([{ manifest: base }])
    expect(order).toEqual(['base', 'user'])
    expect(kernel.plugins.started).toEqual(['base', 'user'])
  })

  it('a plugin that starts `after` one still loading waits for it; one off or never arriving is not needed', () => {
    const order: string[] = []
    const reader = definePlugin({ id: 'reader', after: ['base'], start: () => void order.push('reader') })
    const base = definePlugin({ id: 'base', start: () => void order.push('base') })
    const waits = createTestKernel([reader], { pending: ['base'] })
    expect(waits.kernel.plugins.started).toEqual([])
    waits.kernel.plugins.add([{ manifest: base }])
    expect(order).toEqual(['base', 'reader'])
    // In one batch, listed first, it still starts second.
    order.length = 0
    createTestKernel([reader, base])
    expect(order).toEqual(['base', 'reader'])
    // The brand does not run it: nothing to wait for, no fault.
    const alone = createTestKernel([reader])
    expect(alone.kernel.plugins.started).toEqual(['reader'])
    expect(alone.faults).toEqual([])
    // One that requires the waiting plugin waits with it, and starts after it.
    order.length = 0
    const user = definePlugin({ id: 'user', requires: ['reader'], start: () => void order.push('user') })
    const chain = createTestKernel([reader, user], { pending: ['base'] })
    expect(chain.faults).toEqual([])
    chain.kernel.plugins.add([{ manifest: base }])
    expect(order).toEqual(['base', 'reader', 'user'])
    // Its code never arrives: the waiting one starts without it, with no fault of its own.
    const abandoned = createTestKernel([reader], { pending: ['base'] })
    abandoned.kernel.plugins.abandon(['base'])
    expect(abandoned.kernel.plugins.started).toEqual(['reader'])
    expect(abandoned.faults).toEqual([])
  })

  it('when the awaited plugin never arrives, the waiting one is dropped with a coded fault', () => {
    const user = definePlugin({ id: 'user', requires: ['base'] })
    const { kernel, faults } = createTestKernel([user], { pending: ['base'] })
    kernel.plugins.abandon(['base'])
    expect(kernel.plugins.started).toEqual([])
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([['PLUGIN_MISSING_REQUIREMENT', 'user']])
  })

  it('a late plugin with an id already running is refused', () => {
    const { kernel, faults } = createTestKernel([definePlugin({ id: 'dup' })])
    kernel.plugins.add([{ manifest: definePlugin({ id: 'dup' }) }])
    expect(kernel.plugins.started).toEqual(['dup'])
    expect(faults.map((f) => f.code)).toEqual(['PLUGIN_DUPLICATE_ID'])
  })
})

describe('services the kernel or the host provided before any plugin', () => {
  it('a plugin that would provide one again is refused, and the kernel keeps its own', () => {
    const impostor = { request: async () => ({ ok: false }) } as never
    const { kernel, faults } = createTestKernel([
      definePlugin({ id: 'impostor', services: [provide(httpRef, {}, () => impostor)] }),
    ])
    expect(kernel.plugins.started).not.toContain('impostor')
    expect(faults).toEqual([
      expect.objectContaining({
        code: 'PLUGIN_INVALID',
        pluginId: 'impostor',
        message:
          "Plugin 'impostor' provides service 'kernel.http', already provided by 'the kernel or the host'.",
      }),
    ])
    expect(kernel.services.get(httpRef)).not.toBe(impostor)
  })
})
