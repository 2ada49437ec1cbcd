import { randomBytes, randomUUID } from 'node:crypto'
import { type Brand, isBrand } from '../../site/brand'
import type { Database } from '../db/database'
import type { AccountStore, UserRecord } from './authTypes'
import { hashPassword, verifyPasswordHash } from './passwordHash'

/** How emails are compared and stored: trimmed and lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

interface UserRow {
  id: string
  brand: string
  email: string
  first_name: string
  last_name: string
  customer_id: string
  role: string
}

const USER_COLUMNS = 'id, brand, email, first_name, last_name, customer_id, role'

function toUser(row: UserRow): UserRecord {
  if (!isBrand(row.brand)) throw new Error(`User ${row.id} has unknown brand '${row.brand}' in the database.`)
  return {
    id: row.id,
    brand: row.brand,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    customerId: row.customer_id,
    role: row.role === 'agent' ? 'agent' : 'customer',
  }
}

/** Accounts in the `users` table (migration 0005), passwords hashed with scrypt. */
export function createAccountStore(db: Database): AccountStore {
  // An unknown email is checked against this hash, so it costs as much time as a wrong password and
  // the answer time does not tell which emails have accounts. Made up front, so even the first
  // unknown email is not slower than a known one.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'))
  dummyHash.catch(() => {}) // awaited (and so reported) by the first verifyPassword that needs it

  async function one(sql: string, params: unknown[]): Promise<UserRecord | undefined> {
    const { rows } = await db.query<UserRow>(sql, params)
    return rows[0] ? toUser(rows[0]) : undefined
  }

  return {
    async createUser(input) {
      const passwordHash = await hashPassword(input.password)
      const created = await one(
        `INSERT INTO users (id, brand, email, password_hash, first_name, last_name)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (brand, email) DO NOTHING RETURNING ${USER_COLUMNS}`,
        [
          randomUUID(),
          input.brand,
          normalizeEmail(input.email),
          passwordHash,
          input.firstName.trim(),
          input.lastName.trim(),
        ],
      )
      return created ?? 'email_taken'
    },

    async verifyPassword(brand: Brand, email: string, password: string) {
      const { rows } = await db.query<UserRow & { password_hash: string }>(
        `SELECT ${USER_COLUMNS}, password_hash FROM users WHERE brand = $1 AND email = $2`,
        [brand, normalizeEmail(email)],
      )
      const row = rows[0]
      const ok = await verifyPasswordHash(password, row?.password_hash ?? (await dummyHash))
      return row && ok ? toUser(row) : undefined
    },

    findUser: (id) => one(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]),

    findByCustomerId: (brand, customerId) =>
      one(`SELECT ${USER_COLUMNS} FROM users WHERE brand = $1 AND customer_id = $2`, [brand, customerId]),
  }
}
