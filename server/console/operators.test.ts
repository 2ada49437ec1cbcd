// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { consoleClient, signIn } from './testing/consoleClient'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
}, 60_000)
afterAll(() => server.close())

const adminClient = async () => {
  const { cookie } = await signIn(server.app, 'admin@brewco.example', 'Admin1234')
  return consoleClient(server.app, cookie!)
}
const idOf = async (email: string) => {
  const { rows } = await server.db.query<{ id: string }>('SELECT id FROM operators WHERE email = $1', [email])
  return String(rows[0]!.id)
}

describe('admins manage operators', () => {
  it('adds an operator with the shoppers’ password rule, who must choose their own password first', async () => {
    const admin = await adminClient()
    const page = await admin.formOf('/console/operators')
    const add = (password: string) =>
      admin.post('/console/operators', {
        csrf: page.csrf,
        email: 'Noor@Brewco.example',
        displayName: 'Noor',
        role: 'brand',
        brands: ['usafh'],
        password,
      })
    const weak = await add('short1')
    expect(weak.status).toBe(400)
    expect(await weak.text()).toContain('at least 8 characters, with a letter and a digit')
    const added = await add('Welcome2026')
    expect(added.status).toBe(303)
    expect(await (await admin.get(added.headers.get('location')!)).text()).toContain('noor@brewco.example')

    // The first sign-in leads to the password page, and nothing else opens until it is changed.
    const { cookie, res } = await signIn(server.app, 'noor@brewco.example', 'Welcome2026')
    expect(res.status).toBe(303)
    const noor = consoleClient(server.app, cookie!)
    const blocked = await noor.get('/console/brands/usafh')
    expect(blocked.status).toBe(303)
    expect(blocked.headers.get('location')).toBe('/console/password')
    const form = await noor.formOf('/console/password')
    expect(form.html).toContain('An admin set your password')
    const same = await noor.post('/console/password', {
      csrf: form.csrf,
      current: 'Welcome2026',
      next: 'Welcome2026',
      again: 'Welcome2026',
    })
    expect(same.status).toBe(400)
    const changed = await noor.post('/console/password', {
      csrf: form.csrf,
      current: 'Welcome2026',
      next: 'MyOwnPass9',
      again: 'MyOwnPass9',
    })
    expect(changed.status).toBe(303)
    expect((await noor.get('/console/brands/usafh')).status).toBe(200)
    expect((await noor.get('/console/brands/cab2c')).status).toBe(403)
  })

  it('changes roles, resets a password (signing out everywhere), signs out everywhere and removes', async () => {
    const admin = await adminClient()
    const { csrf } = await admin.formOf('/console/operators')
    const monitor = await signIn(server.app, 'monitor@brewco.example', 'Watch1234')
    const monitorClient = consoleClient(server.app, monitor.cookie!)
    expect((await monitorClient.get('/console/traces')).status).toBe(200)
    const id = await idOf('monitor@brewco.example')

    // A brand team role needs a brand; then the role takes effect on the operator's next request.
    expect((await admin.post(`/console/operators/${id}/role`, { csrf, role: 'brand' })).status).toBe(400)
    expect(
      (await admin.post(`/console/operators/${id}/role`, { csrf, role: 'brand', brands: 'usb2c' })).status,
    ).toBe(303)
    expect((await monitorClient.get('/console/brands/usb2c')).status).toBe(200)
    expect((await monitorClient.get('/console/traces')).status).toBe(403)

    expect((await admin.post(`/console/operators/${id}/sign-out-everywhere`, { csrf })).status).toBe(303)
    expect((await monitorClient.get('/console/brands/usb2c')).status).toBe(401)

    const again = await signIn(server.app, 'monitor@brewco.example', 'Watch1234')
    expect(
      (await admin.post(`/console/operators/${id}/reset`, { csrf, password: 'Temporary7' })).status,
    ).toBe(303)
    expect((await consoleClient(server.app, again.cookie!).get('/console/brands/usb2c')).status).toBe(401)
    expect((await signIn(server.app, 'monitor@brewco.example', 'Watch1234')).res.status).toBe(401)
    const reset = await signIn(server.app, 'monitor@brewco.example', 'Temporary7')
    const afterReset = await consoleClient(server.app, reset.cookie!).get('/console/brands/usb2c')
    expect(afterReset.headers.get('location')).toBe('/console/password')

    expect((await admin.post(`/console/operators/${id}/remove`, { csrf })).status).toBe(303)
    expect((await consoleClient(server.app, reset.cookie!).get('/console/password')).status).toBe(401)
    expect(await (await admin.get('/console/operators')).text()).not.toContain('monitor@brewco.example')
    // An admin does not change their own account here, and only an admin opens the page.
    const own = await admin.post(`/console/operators/${await idOf('admin@brewco.example')}/remove`, { csrf })
    expect(own.status).toBe(400)
    const team = await signIn(server.app, 'brand.cab2c@brewco.example', 'Switch1234')
    expect((await consoleClient(server.app, team.cookie!).get('/console/operators')).status).toBe(403)
    expect((await consoleClient(server.app, team.cookie!).get('/console/audit')).status).toBe(403)
    expect(
      (await admin.post(`/console/operators/${id}/remove`, { csrf: 'x'.repeat(csrf.length) })).status,
    ).toBe(403)
  })

  it('shows every brand’s audit log: who did what, when and from where', async () => {
    const team = await signIn(server.app, 'brand.cab2c@brewco.example', 'Switch1234')
    const client = consoleClient(server.app, team.cookie!)
    const page = await client.formOf('/console/brands/cab2c')
    const saved = await client.post('/console/brands/cab2c', {
      csrf: page.csrf,
      basedOn: page.basedOn,
      reason: 'Audit me',
      on: ['logging', 'analytics', 'consent', 'content', 'nav', 'search', 'auth'],
    })
    expect(saved.status).toBe(303)
    const admin = await adminClient()
    const all = await (await admin.get('/console/audit')).text()
    expect(all).toContain('plugin switches saved as version')
    expect(all).toContain('Audit me')
    expect(all).toContain('operator added')
    expect(all).toContain('<code>local</code>')
    const usOnly = await (await admin.get('/console/audit?brand=usb2c')).text()
    expect(usOnly).not.toContain('Audit me')
  })

  it('counts wrong current passwords in the sign-in throttle', async () => {
    const team = await signIn(server.app, 'brand.usb2c@brewco.example', 'Switch1234')
    const client = consoleClient(server.app, team.cookie!)
    const { csrf } = await client.formOf('/console/password')
    const wrong = () =>
      client.post('/console/password', { csrf, current: 'nope', next: 'Another12', again: 'Another12' })
    for (let i = 0; i < 10; i++) expect((await wrong()).status).toBe(401)
    const locked = await wrong()
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBeTruthy()
  })
})
