/**
 * The reference server's port: 4200 unless PORT says otherwise (the README, the Playwright config's
 * default and the trace printer's default server all count on it).
 */
export const DEFAULT_PORT = 4200

/** The port to listen on from the environment, or undefined when PORT is not a port number. */
export function portFrom(env: { PORT?: string | undefined }): number | undefined {
  const port = Number(env.PORT ?? DEFAULT_PORT)
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : undefined
}
