/** Resolves after `ms` (start-up's grace periods and deadlines). */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
