import { asyncScheduler, type SchedulerLike, type Subscription, timer } from 'rxjs'
import * as v from 'valibot'
import {
  CONSENTS_PATH,
  type ConsentRecordRequest,
  ConsentRecordRequestSchema,
  ConsentRecordSchema,
} from '../../contracts/consent'
import type { HttpClient } from '../../kernel/http/createHttpClient'

/** Where choices wait until the server has them: local storage, so a reload or a closed tab loses none. */
export const OUTBOX_KEY = 'one-header:consent-outbox'
/** More than a visitor makes in a row; the oldest go first past it. */
const OUTBOX_LIMIT = 20
/** The wait before the next try: doubling from 1 s, at most a minute. */
export const retryDelayMs = (attempt: number) => Math.min(60_000, 1000 * 2 ** attempt)

const StoredOutboxSchema = v.array(ConsentRecordRequestSchema)

/**
 * The consent records on their way to the server (stored once per choice, never lost).
 * Each choice is kept locally first, then sent; a failed send is retried later (and at the next
 * page) with the same idempotency key, so the server stores it once however often it arrives. An
 * answer that refuses the record (4xx) is final: it is logged and dropped, never retried forever.
 */
export function createRecordOutbox(opts: {
  http: HttpClient
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined
  onRefused?: (record: ConsentRecordRequest, message: string) => void
  scheduler?: SchedulerLike
}) {
  const scheduler = opts.scheduler ?? asyncScheduler
  let memory: ConsentRecordRequest[] = []
  let attempt = 0
  let retry: Subscription | undefined
  let sending = false
  // A choice added while a send is under way: the loop goes round once more for it.
  let again = false

  const read = (): ConsentRecordRequest[] => {
    try {
      const raw = opts.storage?.getItem(OUTBOX_KEY)
      if (!raw) return memory
      const parsed = v.safeParse(StoredOutboxSchema, JSON.parse(raw))
      return parsed.success ? parsed.output : memory
    } catch {
      return memory // storage blocked: the page's own copy still gets sent
    }
  }
  const write = (records: ConsentRecordRequest[]) => {
    memory = records.slice(-OUTBOX_LIMIT)
    try {
      opts.storage?.setItem(OUTBOX_KEY, JSON.stringify(memory))
    } catch {
      // storage blocked or full: kept in memory for this page
    }
  }
  const remove = (key: string) => write(read().filter((r) => r.idempotencyKey !== key))

  async function flush(): Promise<void> {
    if (sending) {
      again = true
      return
    }
    sending = true
    again = false
    retry?.unsubscribe()
    retry = undefined
    try {
      for (const record of read()) {
        const answer = await opts.http.request({
          method: 'POST',
          path: CONSENTS_PATH,
          body: record,
          schema: ConsentRecordSchema,
        })
        const status = answer.ok ? 200 : (answer.error.status ?? 0)
        if (answer.ok || (status >= 400 && status < 500 && status !== 408 && status !== 429)) {
          if (!answer.ok) opts.onRefused?.(record, answer.error.message)
          remove(record.idempotencyKey)
          continue
        }
        // Offline, a time-out or the server down: try again later, in order, with the same keys.
        retry = timer(retryDelayMs(attempt++), scheduler).subscribe(() => void flush())
        return
      }
      attempt = 0
    } finally {
      sending = false
    }
    if (again && !retry) return flush()
  }

  return {
    /** Keeps a choice, then sends it (and anything still waiting). */
    add(record: ConsentRecordRequest): Promise<void> {
      write([...read().filter((r) => r.idempotencyKey !== record.idempotencyKey), record])
      return flush()
    },
    /** Sends what is waiting (at start, and when the browser is back online). */
    flush,
    pending: () => read().length,
    dispose: () => retry?.unsubscribe(),
  }
}

export type RecordOutbox = ReturnType<typeof createRecordOutbox>
