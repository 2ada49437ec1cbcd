// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../db/migrate'
import { openPgliteDatabase } from '../db/pgliteDatabase'
import { seed } from '../db/seed'
import { SEED_ACCOUNTS } from '../fixtures/accounts'
import { createAuthServices } from './createAuthServices'

const dir = mkdtempSync(join(tmpdir(), 'oh-auth-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function start() {
  const db = await openPgliteDatabase(dir)
  await migrate(db)
  await seed(db)
  return { db, auth: createAuthServices(db, {}) }
}

describe('restart', () => {
  it('keeps sign-ups, sessions and the signing key; re-seeding adds nothing', async () => {
    const first = await start()
    const user = await first.auth.accounts.createUser({
      brand: 'cab2c',
      email: 'Restart@Example.com',
      password: 'Brew2024x',
      firstName: 'Zoé',
      lastName: '',
    })
    if (user === 'email_taken') throw new Error('taken')
    const tokens = await first.auth.tokens.issue(user, { clientId: 'c' })
    const kid = (await first.auth.tokens.jwks()).keys[0]!.kid
    await first.db.close()

    const second = await start()
    try {
      expect(await second.auth.accounts.verifyPassword('cab2c', 'restart@example.com', 'Brew2024x')).toEqual(
        user,
      )
      expect(await second.auth.tokens.verifyAccess(tokens.access_token)).toMatchObject({ sub: user.id })
      expect((await second.auth.tokens.jwks()).keys.map((k) => k.kid)).toEqual([kid])
      expect(await second.auth.tokens.rotate(tokens.refresh_token)).toMatchObject({ token_type: 'Bearer' })
      const { rows } = await second.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM users')
      // The seed accounts once each, and the sign-up.
      expect(rows[0]!.n).toBe(SEED_ACCOUNTS.length + 1)
      const carts = await second.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM cart_entries')
      expect(carts.rows[0]!.n).toBe(5)
      const rewards = await second.db.query<{ n: number }>(
        'SELECT count(*)::integer AS n FROM loyalty_rewards',
      )
      expect(rewards.rows[0]!.n).toBe(SEED_ACCOUNTS.flatMap((a) => a.loyalty?.rewards ?? []).length)
    } finally {
      await second.db.close()
    }
    // Two whole start-ups on PGlite on disk: about 7 s alone. The limit only stops a hang: with two
    // server suites side by side on a shared 2-core machine this ran past 60 s.
  }, 240_000)
})
