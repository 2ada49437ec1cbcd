/** A thrown value as a message for a fault or a log record: an Error's message, else the value as JSON or text. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  try {
    return typeof error === 'string' ? error : JSON.stringify(error)
  } catch {
    return String(error)
  }
}
