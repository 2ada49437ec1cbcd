/**
 * The session-expiry dialog's countdown: the time left as m:ss, and what the dialog says
 * politely to assistive technology — at most once a minute, not every second.
 */

/** m:ss of the time left, rounded up to the second (3:59.2 left reads 4:00), never below 0:00. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * The whole minutes the announcement names, rounded up (4:00 to 3:01 left are "4 minutes"), so it
 * changes only as a minute ends: the polite live region speaks at most once a minute.
 */
export const minutesLeft = (ms: number): number => Math.max(0, Math.ceil(ms / 60_000))
