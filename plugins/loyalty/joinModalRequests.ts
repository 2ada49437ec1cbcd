import type { LinkClickHandler } from '../../contracts/serviceRefs'

/**
 * Asks for the rewards join modal from outside the control that draws it (a link whose
 * `clickHandler` is `openJoinModal`): the header's join control listens while it shows its join
 * button, the only place the modal hangs from.
 */
export interface JoinModalRequests {
  /** The join control listens while its button is on screen; returns the end of listening. */
  listen(open: () => void): () => void
  /** Opens the modal: true when a join control was there to open it. */
  open(): boolean
}

export function createJoinModalRequests(): JoinModalRequests {
  const listeners = new Set<() => void>()
  return {
    listen(open) {
      listeners.add(open)
      return () => listeners.delete(open)
    },
    open() {
      const [latest] = [...listeners].slice(-1)
      latest?.()
      return latest !== undefined
    },
  }
}

/**
 * `openJoinModal` (header spec §3 clickHandler): the join modal in place of the link's page when the
 * header's join control is there (from 992 px, on brands that show loyalty in the header, for a
 * shopper offered the programme); otherwise the link goes to its page, the programme's.
 */
export const openJoinModalHandler =
  (requests: JoinModalRequests): LinkClickHandler =>
  (event) => {
    if (requests.open()) event.preventDefault()
  }
