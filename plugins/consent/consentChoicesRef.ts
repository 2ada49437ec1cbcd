import type { ConsentAction } from '../../contracts/consent'
import type { ConsentChoices } from '../../contracts/consentState'
import { createServiceRef } from '../../kernel/services/serviceRef'
import type { StateStream } from '../../kernel/state/stateStream'

/*
 * The consent service's ref and shape, apart from its code (RxJS, the cookies): the cookie banner's
 * part, drawn before the kernel, reads the service through this ref and carries none of it.
 */

/** Whether the banner is on screen, and which element reopened it (focus goes back there). */
export interface BannerState {
  open: boolean
  /** Opened again by the visitor (not shown because consent was due): its choices start open. */
  reopened: boolean
  trigger: HTMLElement | null
}

/** The consent plugin's service: the banner's state, and what a choice does. */
export interface ConsentChoicesService {
  banner$: StateStream<BannerState>
  /** The visitor's choice: accept all, reject all, save the given choices, or close as it stands. */
  choose(action: ConsentAction, choices?: ConsentChoices): void
  /** Shows the banner again ("Cookie preferences"). */
  open(trigger?: HTMLElement | null): void
}

export const consentChoicesRef = createServiceRef<ConsentChoicesService>('consent.choices')
