import { BRANDS, type Brand } from '../../site/brand'
import { hashPassword, verifyPasswordHash } from '../auth/passwordHash'
import type { Database } from '../db/database'
import { insertRows } from '../db/insertRows'

/** What an operator may do: an admin everything, a brand team its own brands' switches, monitoring read. */
export type OperatorRole = 'brand' | 'monitoring' | 'admin'

/** An operator as the seed writes them (the password in clear; only its hash is stored). */
export interface OperatorSeed {
  email: string
  displayName: string
  password: string
  role: OperatorRole
  brands: readonly Brand[]
}

/** A signed-in operator, as every console page sees it. */
export interface Operator {
  id: string
  email: string
  displayName: string
  role: OperatorRole
  /** The brands whose plugin switches this operator may change (an admin: every brand). */
  brands: readonly Brand[]
  /** A password an admin set (a new account's, or a reset): changed before anything else. */
  mustChangePassword: boolean
}

/** Who may do what: one place, so a page and its form handler never disagree. */
export const can = {
  readBrands: (o: Operator) => o.role === 'brand' || o.role === 'admin',
  editBrand: (o: Operator, brand: Brand) =>
    o.role === 'admin' || (o.role === 'brand' && o.brands.includes(brand)),
  readTraces: (o: Operator) => o.role === 'monitoring' || o.role === 'admin',
  /** Add, remove, reset, change roles, sign out everywhere, read every brand's audit log. */
  manageOperators: (o: Operator) => o.role === 'admin',
}

interface OperatorRow {
  id: string
  email: string
  display_name: string
  password_hash: string
  role: OperatorRole
  brands: string[]
  must_change_password: boolean
}

function toOperator(row: OperatorRow): Operator {
  const brands = row.role === 'admin' ? [...BRANDS] : BRANDS.filter((b) => row.brands.includes(b))
  return {
    id: String(row.id),
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    brands,
    mustChangePassword: row.must_change_password === true,
  }
}

export const normalizeOperatorEmail = (email: string) => email.trim().toLowerCase()

/** The operator whose e-mail and password these are, or undefined (the same for an unknown e-mail). */
export async function verifyOperator(
  db: Database,
  email: string,
  password: string,
): Promise<Operator | undefined> {
  const { rows } = await db.query<OperatorRow>('SELECT * FROM operators WHERE email = $1', [
    normalizeOperatorEmail(email),
  ])
  const row = rows[0]
  // An unknown e-mail still costs one hash, so the answer's timing does not tell which e-mails exist.
  const ok = await verifyPasswordHash(password, row?.password_hash ?? UNKNOWN_HASH)
  return row && ok ? toOperator(row) : undefined
}

export async function operatorById(db: Database, id: string): Promise<Operator | undefined> {
  const { rows } = await db.query<OperatorRow>('SELECT * FROM operators WHERE id = $1', [id])
  return rows[0] && toOperator(rows[0])
}

/** A well-formed scrypt hash no password matches (verifyPasswordHash of an unknown e-mail). */
const UNKNOWN_HASH = `scrypt$16384$8$1$${'A'.repeat(22)}$${'A'.repeat(43)}`

/** The seeded operators not in the database yet (existing ones are left, and not hashed again). */
export async function seedOperators(db: Database, operators: readonly OperatorSeed[]) {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM operators')
  const have = new Set(rows.map((r) => r.email))
  const missing = operators.filter((o) => !have.has(o.email))
  const withHashes = await Promise.all(
    missing.map(async (o) => ({
      email: o.email,
      display_name: o.displayName,
      password_hash: await hashPassword(o.password),
      role: o.role,
      brands: [...o.brands],
    })),
  )
  await insertRows(
    db,
    'operators',
    { email: 'text', display_name: 'text', password_hash: 'text', role: 'text', brands: 'text[]' },
    withHashes,
  )
}
