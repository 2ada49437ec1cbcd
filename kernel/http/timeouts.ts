/** How long a call may take before it is a 'timeout' failure (header spec §8), unless it says otherwise. */
export const DEFAULT_TIMEOUT_MS = 5000
