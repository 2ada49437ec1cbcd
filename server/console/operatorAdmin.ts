import type { Context } from 'hono'
import { PASSWORD_RULE } from '../../contracts/auth'
import { BRANDS, type Brand, isBrand } from '../../site/brand'
import { hashPassword } from '../auth/passwordHash'
import { clientAddress } from '../auth/requestContext'
import type { Database } from '../db/database'
import { normalizeOperatorEmail, type Operator, type OperatorRole, operatorById } from './operators'

/** The store's password rule (contracts/auth.ts), said as the sign-up form says it. */
export const PASSWORD_RULE_TEXT = 'at least 8 characters, with a letter and a digit'

export const ROLES: readonly OperatorRole[] = ['brand', 'monitoring', 'admin']
const isRole = (v: string): v is OperatorRole => (ROLES as readonly string[]).includes(v)
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export type AdminResult = { ok: true; operator?: Operator } | { ok: false; problem: string }

/** A role and its brands, checked: a brand team names at least one brand; other roles none. */
function roleAndBrands(role: string, brands: readonly string[]): AdminResult & { brands?: Brand[] } {
  if (!isRole(role)) return { ok: false, problem: `The role must be one of ${ROLES.join(', ')}.` }
  const chosen = BRANDS.filter((b) => brands.includes(b))
  if (role === 'brand' && chosen.length === 0)
    return { ok: false, problem: 'A brand team account names at least one brand.' }
  return { ok: true, brands: role === 'brand' ? chosen : [] }
}

/** An account an admin adds: its first password must be changed by its operator at the first sign-in. */
export async function addOperator(
  db: Database,
  a: { email: string; displayName: string; role: string; brands: readonly string[]; password: string },
): Promise<AdminResult> {
  const email = normalizeOperatorEmail(a.email)
  if (!EMAIL.test(email)) return { ok: false, problem: 'Give a valid e-mail address.' }
  const displayName = a.displayName.trim().slice(0, 80)
  if (!displayName) return { ok: false, problem: 'Give the operator’s name.' }
  if (!PASSWORD_RULE.test(a.password))
    return { ok: false, problem: `The first password must have ${PASSWORD_RULE_TEXT}.` }
  const checked = roleAndBrands(a.role, a.brands)
  if (!checked.ok) return checked
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO operators (email, display_name, password_hash, role, brands, must_change_password)
     VALUES ($1, $2, $3, $4, $5, true) ON CONFLICT (email) DO NOTHING RETURNING id`,
    [email, displayName, await hashPassword(a.password), a.role, checked.brands],
  )
  if (!rows[0]) return { ok: false, problem: `There is already an operator ${email}.` }
  const operator = await operatorById(db, String(rows[0].id))
  return operator ? { ok: true, operator } : { ok: true }
}

export async function listOperators(db: Database): Promise<(Operator & { sessions: number })[]> {
  const { rows } = await db.query<{ id: string; sessions: string }>(
    `SELECT o.id, (SELECT count(*) FROM operator_sessions s WHERE s.operator_id = o.id AND s.expires_at_ms > $1) AS sessions
     FROM operators o ORDER BY o.email`,
    [Date.now()],
  )
  const list = await Promise.all(
    rows.map(async (r) => {
      const o = await operatorById(db, String(r.id))
      return o && { ...o, sessions: Number(r.sessions) }
    }),
  )
  return list.filter((o): o is Operator & { sessions: number } => o !== undefined)
}

/** Ends every session of an operator, on every browser and server. */
export async function signOutEverywhere(db: Database, operatorId: string): Promise<void> {
  await db.query('DELETE FROM operator_sessions WHERE operator_id = $1', [operatorId])
}

/** A new password set by an admin: changed at the next sign-in, and every session ends now. */
export async function resetOperatorPassword(
  db: Database,
  operatorId: string,
  password: string,
): Promise<AdminResult> {
  if (!PASSWORD_RULE.test(password))
    return { ok: false, problem: `The new password must have ${PASSWORD_RULE_TEXT}.` }
  await db.query('UPDATE operators SET password_hash = $2, must_change_password = true WHERE id = $1', [
    operatorId,
    await hashPassword(password),
  ])
  await signOutEverywhere(db, operatorId)
  return { ok: true }
}

/** The operator's own new password: the rule, then no more forced change; other sessions end. */
export async function changeOwnPassword(
  db: Database,
  operatorId: string,
  password: string,
  keepSessionHash?: string,
): Promise<AdminResult> {
  if (!PASSWORD_RULE.test(password))
    return { ok: false, problem: `The new password must have ${PASSWORD_RULE_TEXT}.` }
  await db.query('UPDATE operators SET password_hash = $2, must_change_password = false WHERE id = $1', [
    operatorId,
    await hashPassword(password),
  ])
  await db.query('DELETE FROM operator_sessions WHERE operator_id = $1 AND token_hash <> $2', [
    operatorId,
    keepSessionHash ?? '',
  ])
  return { ok: true }
}

export async function setOperatorRole(
  db: Database,
  operatorId: string,
  role: string,
  brands: readonly string[],
): Promise<AdminResult> {
  const checked = roleAndBrands(role, brands)
  if (!checked.ok) return checked
  await db.query('UPDATE operators SET role = $2, brands = $3 WHERE id = $1', [
    operatorId,
    role,
    checked.brands,
  ])
  return { ok: true }
}

export async function removeOperator(db: Database, operatorId: string): Promise<void> {
  // Its sessions go with it (ON DELETE CASCADE): it is signed out at once.
  await db.query('DELETE FROM operators WHERE id = $1', [operatorId])
}

/** One line of the audit log. */
export interface AuditEntry {
  at: Date
  operatorEmail: string
  address: string
  action: string
  brand: Brand | undefined
  detail: string
}

/** Keeps who did what, when and from where (the request's address), on which brand if any. */
export async function recordAudit(
  db: Database,
  c: Context,
  who: Pick<Operator, 'email'>,
  action: string,
  entry: { brand?: Brand; detail?: string } = {},
): Promise<void> {
  await db.query(
    'INSERT INTO console_audit (operator_email, address, action, brand, detail) VALUES ($1, $2, $3, $4, $5)',
    [who.email, clientAddress(c), action, entry.brand ?? null, (entry.detail ?? '').slice(0, 1000)],
  )
}

/** The audit log, newest first, `limit` at a time; one brand's, or everything. */
export async function auditLog(
  db: Database,
  filter: { brand?: Brand; limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; more: boolean }> {
  const { rows } = await db.query<{
    at: Date | string
    operator_email: string
    address: string
    action: string
    brand: string | null
    detail: string
  }>(
    `SELECT at, operator_email, address, action, brand, detail FROM console_audit
     WHERE ($1::text IS NULL OR brand = $1) ORDER BY at DESC, id DESC LIMIT $2 OFFSET $3`,
    [filter.brand ?? null, filter.limit + 1, filter.offset],
  )
  return {
    entries: rows.slice(0, filter.limit).map((r) => ({
      at: new Date(r.at),
      operatorEmail: r.operator_email,
      address: r.address,
      action: r.action,
      brand: isBrand(r.brand) ? r.brand : undefined,
      detail: r.detail,
    })),
    more: rows.length > filter.limit,
  }
}
