// @vitest-environment node
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CustomerDetailsSchema, TokenResponseSchema } from '../../contracts/auth'
import { ApiErrorSchema } from '../../contracts/cms'
import {
  LOYALTY_DETAILS_PATH,
  LOYALTY_PROGRAM_SIGNUP_PATH,
  LoyaltyDetailsResponseSchema,
  LoyaltyProgramSignupResponseSchema,
  PERKS_OPT_IN_PATH,
  PerksOptInResponseSchema,
  ReferralResponseSchema,
  SUBMIT_REFERRAL_PATH,
} from '../../contracts/loyalty'
import { CORRELATION_HEADER } from '../../site/correlationId'
import { type AccountTestApp, createAccountTestApp } from '../auth/testing/accountTestApp'
import { SEED_AGENT } from '../fixtures/accounts'
import { LOYALTY_SHOPPERS } from '../fixtures/loyaltyShoppers'

/**
 * The loyalty calls of header spec §7 over a migrated, seeded database: PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set (scripts/with-postgres.sh), where the concurrent repeats really race.
 */
let t: AccountTestApp
/** The day the database was seeded: reward expiries count from it. */
let seededAt: Date
beforeAll(async () => {
  t = await createAccountTestApp()
  seededAt = new Date()
}, 60_000)
afterAll(() => t.close())

type Headers = Record<string, string>
const PASSWORD = 'Coffee1234'
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` })
const cabAgent = { 'x-brand-agent': 'one-header/cab2c' }
const dayFromSeeding = (days: number) =>
  new Date(seededAt.getTime() + days * 86_400_000).toISOString().slice(0, 10)

async function signIn(brand: string, email: string, password = PASSWORD): Promise<string> {
  const res = await t.request('POST', '/api/auth/login', { json: { email, password }, headers: { brand } })
  expect(res.status, `sign in ${brand} ${email}`).toBe(200)
  return v.parse(TokenResponseSchema, await res.json()).access_token
}

let signups = 0
/** A new customer of its own, so a test's opt-ins never meet another test's. */
async function newCustomer(brand = 'usb2c'): Promise<{ token: string; email: string; customerId: string }> {
  const email = `loyalty${++signups}-${Date.now()}@example.com`
  const res = await t.request('POST', '/api/auth/signup', {
    json: { email, password: 'Brew2024x', firstName: 'Robin' },
    headers: { brand },
  })
  expect(res.status).toBe(201)
  const token = v.parse(TokenResponseSchema, await res.json()).access_token
  const { rows } = await t.db.query<{ customer_id: string }>(
    'SELECT customer_id FROM users WHERE brand = $1 AND email = $2',
    [brand, email],
  )
  return { token, email, customerId: rows[0]!.customer_id }
}

const apiError = async (res: Response) => v.parse(ApiErrorSchema, await res.json()).errors[0]!

async function expectError(res: Response, status: number, type: string, message?: RegExp) {
  expect(res.status).toBe(status)
  const error = await apiError(res)
  expect(error.type).toBe(type)
  if (message) expect(error.message).toMatch(message)
}

const details = (query: string, headers: Headers = {}) =>
  t.request('GET', `${LOYALTY_DETAILS_PATH}?${query}`, { headers })

async function detailsOf(query: string, headers: Headers) {
  const res = await details(query, headers)
  expect(res.status).toBe(200)
  const json: unknown = await res.json()
  // Decodes with the contract; the raw answer is returned, so a test sees exactly what was sent.
  v.parse(LoyaltyDetailsResponseSchema, json)
  return json as v.InferOutput<typeof LoyaltyDetailsResponseSchema>
}

const userIdOf = async (customerId: string) =>
  (await t.db.query<{ id: string }>('SELECT id FROM users WHERE customer_id = $1', [customerId])).rows[0]!.id

const customerData = async (brand: string, token: string) => {
  const res = await t.request('GET', `/rest/v2/${brand}/users/current/getCustomerDetails?lang=en`, {
    headers: bearer(token),
  })
  expect(res.status).toBe(200)
  return v.parse(CustomerDetailsSchema, await res.json())
}

describe(`GET ${LOYALTY_DETAILS_PATH} (reward data)`, () => {
  it('basic: points and active rewards under success.data (a redeemed and an expired reward are not counted)', async () => {
    const token = await signIn('usb2c', 'member@brewco.example')
    expect(await detailsOf('customerId=8000000201&field=basic', bearer(token))).toEqual({
      success: { data: { pointsBalance: 1840, activeRewards: 3 } },
    })
    // field defaults to basic (header spec §3).
    expect(await detailsOf('customerId=8000000201', bearer(token))).toEqual({
      success: { data: { pointsBalance: 1840, activeRewards: 3 } },
    })
  })

  it('full: the rewards soonest to expire first, cashback, points to the next reward, standing', async () => {
    const token = await signIn('usb2c', 'member@brewco.example')
    const body = await detailsOf('customerId=8000000201&field=full', bearer(token))
    const reward = (n: number, dollars: number, days: number) => ({
      code: `RWD-US-201-${n}`,
      name: `$${dollars} off your next order`,
      value: { formattedValue: `$${dollars}.00`, value: dollars },
      expiresOn: dayFromSeeding(days),
    })
    expect(body).toEqual({
      success: {
        data: {
          pointsBalance: 1840,
          activeRewards: 3,
          cashbackBalance: { formattedValue: '$12.50', value: 12.5 },
          rewards: [reward(1, 5, 30), reward(2, 5, 60), reward(3, 10, 120)],
          pointsToNextReward: 160,
          isSuperWelcomeUser: false,
          memberSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        },
      },
    })
  })

  it('exactly 1 point and 1 reward (the singular labels)', async () => {
    const token = await signIn('usb2c', 'onereward@brewco.example')
    expect(await detailsOf('customerId=8000000202', bearer(token))).toEqual({
      success: { data: { pointsBalance: 1, activeRewards: 1 } },
    })
  })

  it('a customer not opted in has 0 of everything and no join date', async () => {
    const token = await signIn('usb2c', 'newcomer@brewco.example')
    expect(await detailsOf('customerId=8000000203&field=full', bearer(token))).toEqual({
      success: {
        data: {
          pointsBalance: 0,
          activeRewards: 0,
          cashbackBalance: { formattedValue: '$0.00', value: 0 },
          rewards: [],
          pointsToNextReward: 500,
          isSuperWelcomeUser: false,
        },
      },
    })
  })

  it('cab2c in French: the brand is the caller’s (x-brand-agent) though the path says usb2c', async () => {
    const token = await signIn('cab2c', 'member@brewco.example')
    const body = await detailsOf('customerId=8100000201&field=full&lang=fr', {
      ...bearer(token),
      ...cabAgent,
    })
    const data = body.success.data
    expect(data.cashbackBalance?.formattedValue.replace(/\s/g, ' ')).toBe('12,50 $')
    expect(data.rewards?.map((r) => r.name)).toEqual([
      '5 $ de rabais sur votre prochaine commande',
      '10 $ de rabais sur votre prochaine commande',
    ])
    expect(data).toMatchObject({ pointsBalance: 980, activeRewards: 2, pointsToNextReward: 20 })
  })

  it('super-welcome: isSuperWelcomeUser in full reward data and the isSWU entry in customer data', async () => {
    const token = await signIn('cab2c', 'welcome@brewco.example')
    const body = await detailsOf('customerId=8100000203&field=full', { ...bearer(token), ...cabAgent })
    expect(body.success.data).toMatchObject({
      pointsBalance: 150,
      activeRewards: 0,
      isSuperWelcomeUser: true,
    })
    const data = await customerData('cab2c', token)
    expect(data.customerCookies.entry).toContainEqual({ key: 'isSWU', value: 'true' })
    const member = await customerData('usb2c', await signIn('usb2c', 'member@brewco.example'))
    expect(member.customerCookies.entry.map((e) => e.key)).not.toContain('isSWU')
  })

  it('customer data of each seeded loyalty shopper carries its state from the database', async () => {
    const states = await Promise.all(
      LOYALTY_SHOPPERS.map(async (s) => {
        const d = await customerData(s.brand, await signIn(s.brand, s.email))
        return [
          s.brand,
          s.email,
          d.perksOptIn,
          d.loyaltyProgramOptIn,
          d.isLoyaltyExcludedCustomer,
          d.loyaltyCashbackBalance?.value,
        ]
      }),
    )
    expect(states).toEqual([
      ['usb2c', 'member@brewco.example', true, true, false, 12.5],
      ['usb2c', 'onereward@brewco.example', true, true, false, 5],
      ['usb2c', 'newcomer@brewco.example', false, false, false, 0],
      ['cab2c', 'member@brewco.example', true, true, false, 12.5],
      ['cab2c', 'excluded@brewco.example', false, false, true, 0],
      ['cab2c', 'welcome@brewco.example', true, true, false, 5],
    ])
  })

  it('an agent session reads the reward data of the customer it acts for', async () => {
    const res = await t.request('POST', '/api/auth/nobo/login', {
      json: { ...SEED_AGENT, customerId: '8000000201' },
      headers: { brand: 'usb2c' },
    })
    const agent = v.parse(TokenResponseSchema, await res.json()).access_token
    expect(await detailsOf('customerId=8000000201', bearer(agent))).toEqual({
      success: { data: { pointsBalance: 1840, activeRewards: 3 } },
    })
  })

  it('401 without a token, with a bad one, or with another brand’s; 403 for another customer’s id', async () => {
    const none = await details('customerId=8000000201')
    await expectError(none, 401, 'InvalidTokenError', /Bearer/)
    expect(none.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
    await expectError(await details('customerId=8000000201', bearer('nope')), 401, 'InvalidTokenError')
    const ca = await signIn('cab2c', 'member@brewco.example')
    // A cab2c token on a usb2c page (no brand agent, a usb2c host).
    await expectError(await details('customerId=8100000201', bearer(ca)), 401, 'InvalidTokenError', /cab2c/)
    const us = await signIn('usb2c', 'member@brewco.example')
    await expectError(
      await details('customerId=8000000202', bearer(us)),
      403,
      'ForbiddenError',
      /only its own reward data/,
    )
  })

  it('400 naming the query parameter: customerId missing, field not basic or full, lang not en or fr', async () => {
    const token = await signIn('usb2c', 'member@brewco.example')
    await expectError(
      await details('field=full', bearer(token)),
      400,
      'ValidationError',
      /'customerId' is missing/,
    )
    await expectError(
      await details('customerId=8000000201&field=everything', bearer(token)),
      400,
      'ValidationError',
      /'field'/,
    )
    await expectError(
      await details('customerId=8000000201&lang=de', bearer(token)),
      400,
      'ValidationError',
      /'lang'/,
    )
  })
})

describe('PUT users/{customerParam}/updatePerksOptIn', () => {
  const optIn = (token: string, json: unknown, param = 'current', headers: Headers = {}) =>
    t.request('PUT', `/rest/v2/usb2c/${PERKS_OPT_IN_PATH(param)}`, {
      json,
      headers: { ...bearer(token), ...headers },
    })

  it('opts in once: perksOptIn and the success flag; a repeat answers the same, already opted in', async () => {
    const { token, customerId } = await newCustomer()
    expect((await customerData('usb2c', token)).perksOptIn).toBe(false)
    const first = await optIn(token, { perksOptIn: true })
    expect(first.status).toBe(200)
    expect(v.parse(PerksOptInResponseSchema, await first.json())).toEqual({
      perksOptIn: true,
      perksOptInSuccess: true,
      loyaltyProgramOptIn: true,
      alreadyOptedIn: false,
    })
    const again = await optIn(token, { perksOptIn: true }, customerId)
    expect(await again.json()).toEqual({
      perksOptIn: true,
      perksOptInSuccess: true,
      loyaltyProgramOptIn: true,
      alreadyOptedIn: true,
    })
    // One call makes a member: opted in to perks and in the programme.
    expect(await customerData('usb2c', token)).toMatchObject({ perksOptIn: true, loyaltyProgramOptIn: true })
    const userId = await userIdOf(customerId)
    const rows = await t.db.query('SELECT cs_agent_id FROM perks_opt_ins WHERE user_id = $1', [userId])
    expect(rows.rows).toEqual([{ cs_agent_id: null }])
    const standing = await t.db.query<{ joined: boolean }>(
      'SELECT member_since IS NOT NULL AS joined FROM loyalty_accounts WHERE user_id = $1',
      [userId],
    )
    expect(standing.rows).toEqual([{ joined: true }])
  })

  it('is one transaction: when joining the programme fails, the perks opt-in is not kept either', async () => {
    const { token, customerId } = await newCustomer()
    const userId = await userIdOf(customerId)
    // The programme's record refused for this customer alone (a constraint the store might break on).
    await t.db.exec(`CREATE FUNCTION refuse_signup() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_id = '${userId}' THEN RAISE EXCEPTION 'programme refused'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_signup BEFORE INSERT ON loyalty_signups FOR EACH ROW EXECUTE FUNCTION refuse_signup();`)
    try {
      const res = await optIn(token, { perksOptIn: true })
      expect(res.status).toBe(500)
      // The failure is the server's to log; taken out, so the file's "no unexpected error" holds.
      const logged = t.logs.findIndex((line) => line.includes('programme refused'))
      expect(logged).toBeGreaterThanOrEqual(0)
      t.logs.splice(logged, 1)
    } finally {
      await t.db.exec('DROP TRIGGER refuse_signup ON loyalty_signups; DROP FUNCTION refuse_signup();')
    }
    expect(await customerData('usb2c', token)).toMatchObject({
      perksOptIn: false,
      loyaltyProgramOptIn: false,
    })
    expect((await t.db.query('SELECT * FROM perks_opt_ins WHERE user_id = $1', [userId])).rows).toEqual([])
    // Tried again, it is made whole.
    expect((await optIn(token, { perksOptIn: true })).status).toBe(200)
    expect(await customerData('usb2c', token)).toMatchObject({ perksOptIn: true, loyaltyProgramOptIn: true })
  })

  it('5 identical requests at once: one opt-in stored, and exactly one of them made it', async () => {
    const { token, customerId } = await newCustomer()
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const res = await optIn(token, { perksOptIn: true })
        expect(res.status).toBe(200)
        return v.parse(PerksOptInResponseSchema, await res.json()).alreadyOptedIn
      }),
    )
    expect(answers.filter((already) => !already)).toHaveLength(1)
    const userId = await userIdOf(customerId)
    expect((await t.db.query('SELECT * FROM perks_opt_ins WHERE user_id = $1', [userId])).rows).toHaveLength(
      1,
    )
    expect(
      (await t.db.query('SELECT * FROM loyalty_signups WHERE user_id = $1', [userId])).rows,
    ).toHaveLength(1)
    expect(
      (await t.db.query('SELECT * FROM loyalty_accounts WHERE user_id = $1', [userId])).rows,
    ).toHaveLength(1)
  })

  it('takes the form-encoded box too (perksOptIn=true)', async () => {
    const { token } = await newCustomer()
    const res = await t.request('PUT', `/rest/v2/usb2c/${PERKS_OPT_IN_PATH('current')}`, {
      body: 'perksOptIn=true',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(200)
  })

  it('an agent session sends its own csAgentId, which is kept with the opt-in', async () => {
    const { customerId } = await newCustomer()
    const res = await t.request('POST', '/api/auth/nobo/login', {
      json: { ...SEED_AGENT, customerId },
      headers: { brand: 'usb2c' },
    })
    const agent = v.parse(TokenResponseSchema, await res.json()).access_token
    const headers = { customerId, csAgentId: 'CSA1001' }
    await expectError(
      await optIn(agent, { perksOptIn: true }, customerId, headers),
      400,
      'ValidationError',
      /'csAgentId' is missing/,
    )
    await expectError(
      await optIn(agent, { perksOptIn: true, csAgentId: 'CSA9999' }, customerId, headers),
      403,
      'ForbiddenError',
      /agent of this session/,
    )
    const ok = await optIn(agent, { perksOptIn: true, csAgentId: 'CSA1001' }, customerId, headers)
    expect(ok.status).toBe(200)
    const rows = await t.db.query('SELECT cs_agent_id FROM perks_opt_ins WHERE user_id = $1', [
      await userIdOf(customerId),
    ])
    expect(rows.rows).toEqual([{ cs_agent_id: 'CSA1001' }])
  })

  it('400 for an unticked box (header spec §5 "Required") or no body; 403 csAgentId from a customer, another customer, or excluded', async () => {
    const { token } = await newCustomer()
    await expectError(
      await optIn(token, { perksOptIn: false }),
      400,
      'ValidationError',
      /'perksOptIn' must be true/,
    )
    await expectError(await optIn(token, {}), 400, 'ValidationError', /'perksOptIn' is missing/)
    await expectError(
      await optIn(token, { perksOptIn: true, csAgentId: 'CSA1001' }),
      403,
      'ForbiddenError',
      /agent \(nobo\) sessions/,
    )
    await expectError(await optIn(token, { perksOptIn: true }, '8000000201'), 403, 'ForbiddenError')
    const excluded = await signIn('cab2c', 'excluded@brewco.example')
    const res = await t.request('PUT', `/rest/v2/cab2c/${PERKS_OPT_IN_PATH('current')}`, {
      json: { perksOptIn: true },
      headers: bearer(excluded),
    })
    await expectError(res, 403, 'ForbiddenError', /excluded from the loyalty programme/)
    expect((await customerData('cab2c', excluded)).perksOptIn).toBe(false)
  })

  it('401 without a token', async () => {
    const res = await t.request('PUT', `/rest/v2/usb2c/${PERKS_OPT_IN_PATH('current')}`, {
      json: { perksOptIn: true },
    })
    await expectError(res, 401, 'InvalidTokenError')
  })
})

describe(`POST ${LOYALTY_PROGRAM_SIGNUP_PATH}`, () => {
  const signUp = (token: string | undefined, json: unknown, brand = 'usb2c') =>
    t.request('POST', `/rest/v2/${brand}/${LOYALTY_PROGRAM_SIGNUP_PATH}`, {
      json,
      headers: token ? bearer(token) : {},
    })

  it('signs up once; a repeat answers the same, already a member; customer data follows', async () => {
    const { token, customerId } = await newCustomer()
    const first = await signUp(token, { loyaltyProgramOptIn: true })
    expect(first.status).toBe(200)
    expect(v.parse(LoyaltyProgramSignupResponseSchema, await first.json())).toEqual({
      loyaltyProgramOptIn: true,
      alreadyMember: false,
    })
    expect(await (await signUp(token, { loyaltyProgramOptIn: true })).json()).toEqual({
      loyaltyProgramOptIn: true,
      alreadyMember: true,
    })
    expect((await customerData('usb2c', token)).loyaltyProgramOptIn).toBe(true)
    const userId = await userIdOf(customerId)
    expect(
      (await t.db.query('SELECT * FROM loyalty_signups WHERE user_id = $1', [userId])).rows,
    ).toHaveLength(1)
  })

  it('5 identical requests at once: one sign-up stored, and exactly one of them made it', async () => {
    const { token, customerId } = await newCustomer()
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const res = await signUp(token, { loyaltyProgramOptIn: true })
        expect(res.status).toBe(200)
        return v.parse(LoyaltyProgramSignupResponseSchema, await res.json()).alreadyMember
      }),
    )
    expect(answers.filter((already) => !already)).toHaveLength(1)
    const userId = await userIdOf(customerId)
    expect(
      (await t.db.query('SELECT * FROM loyalty_signups WHERE user_id = $1', [userId])).rows,
    ).toHaveLength(1)
  })

  it('a seeded member is already one', async () => {
    const token = await signIn('usb2c', 'member@brewco.example')
    expect(await (await signUp(token, { loyaltyProgramOptIn: true })).json()).toEqual({
      loyaltyProgramOptIn: true,
      alreadyMember: true,
    })
  })

  it('400 for an unticked box or a missing one; 401 without a token; 403 for a loyalty-excluded customer', async () => {
    const { token } = await newCustomer()
    await expectError(
      await signUp(token, { loyaltyProgramOptIn: false }),
      400,
      'ValidationError',
      /'loyaltyProgramOptIn' must be true/,
    )
    await expectError(
      await signUp(token, { other: 1 }),
      400,
      'ValidationError',
      /'loyaltyProgramOptIn' is missing/,
    )
    await expectError(await signUp(undefined, { loyaltyProgramOptIn: true }), 401, 'InvalidTokenError')
    const excluded = await signIn('cab2c', 'excluded@brewco.example')
    await expectError(
      await signUp(excluded, { loyaltyProgramOptIn: true }, 'cab2c'),
      403,
      'ForbiddenError',
      /excluded/,
    )
  })
})

describe(`POST ${SUBMIT_REFERRAL_PATH}`, () => {
  const refer = (token: string | undefined, json: unknown, brand = 'usb2c') =>
    t.request('POST', `/rest/v2/${brand}/${SUBMIT_REFERRAL_PATH}`, {
      json,
      headers: token ? bearer(token) : {},
    })

  it('referred once; the same friend again (any case) is alreadyReferred, one row', async () => {
    const { token, customerId } = await newCustomer()
    const first = await refer(token, { email: 'Friend@Example.com', firstName: ' Ana ' })
    expect(first.status).toBe(200)
    expect(v.parse(ReferralResponseSchema, await first.json())).toEqual({ status: 'referred' })
    expect(await (await refer(token, { email: 'friend@example.com' })).json()).toEqual({
      status: 'alreadyReferred',
    })
    const rows = await t.db.query('SELECT email, first_name FROM referrals WHERE referrer_id = $1', [
      await userIdOf(customerId),
    ])
    expect(rows.rows).toEqual([{ email: 'friend@example.com', first_name: 'Ana' }])
  })

  it('5 identical requests at once: one referral stored, and exactly one of them made it', async () => {
    const { token, customerId } = await newCustomer()
    const answers = await Promise.all(
      Array.from(
        { length: 5 },
        async () =>
          v.parse(ReferralResponseSchema, await (await refer(token, { email: 'race@example.com' })).json())
            .status,
      ),
    )
    expect(answers.filter((s) => s === 'referred')).toHaveLength(1)
    expect(answers.filter((s) => s === 'alreadyReferred')).toHaveLength(4)
    const rows = await t.db.query('SELECT * FROM referrals WHERE referrer_id = $1', [
      await userIdOf(customerId),
    ])
    expect(rows.rows).toHaveLength(1)
  })

  it('400 for a wrong or own e-mail; 401 without a token; 403 for a loyalty-excluded customer', async () => {
    const { token, email } = await newCustomer()
    await expectError(await refer(token, { email: 'not-an-email' }), 400, 'ValidationError', /'email'/)
    await expectError(await refer(token, {}), 400, 'ValidationError', /'email' is missing/)
    await expectError(
      await refer(token, { email: email.toUpperCase() }),
      400,
      'ValidationError',
      /customer's own/,
    )
    await expectError(await refer(undefined, { email: 'friend@example.com' }), 401, 'InvalidTokenError')
    const excluded = await signIn('cab2c', 'excluded@brewco.example')
    await expectError(await refer(excluded, { email: 'friend@example.com' }, 'cab2c'), 403, 'ForbiddenError')
  })
})

describe('the test switches and the request log', () => {
  it.each([
    ['GET', `${LOYALTY_DETAILS_PATH}?customerId=8000000201`],
    ['PUT', `/rest/v2/usb2c/${PERKS_OPT_IN_PATH('current')}`],
    ['POST', `/rest/v2/usb2c/${LOYALTY_PROGRAM_SIGNUP_PATH}`],
    ['POST', `/rest/v2/usb2c/${SUBMIT_REFERRAL_PATH}`],
  ])('%s %s answers the x-test-fault status, after the x-test-delay', async (method, path) => {
    const started = performance.now()
    const res = await t.request(method, path, {
      headers: { 'x-test-fault': '503', 'x-test-delay': '200' },
      ...(method === 'GET' ? {} : { json: {} }),
    })
    expect(performance.now() - started).toBeGreaterThanOrEqual(190)
    await expectError(res, 503, 'ServerError', /x-test-fault/)
  })

  it('logs each call with its correlation id, echoed on the answer', async () => {
    const token = await signIn('usb2c', 'member@brewco.example')
    const res = await details('customerId=8000000201', {
      ...bearer(token),
      [CORRELATION_HEADER]: 'loyalty-cid-1',
    })
    expect(res.headers.get(CORRELATION_HEADER)).toBe('loyalty-cid-1')
    expect(t.logs).toContainEqual(
      expect.stringMatching(/^GET \/rest\/v1\/lms\/usb2c\/fetchLoyaltyDetails 200 \d+ms cid=loyalty-cid-1$/),
    )
    // No unexpected error was logged by any loyalty call of this file.
    expect(t.logs.filter((line) => line.startsWith('[server]'))).toEqual([])
  })
})
