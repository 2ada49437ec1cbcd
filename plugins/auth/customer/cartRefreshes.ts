import { asyncScheduler, exhaustMap, type Observable, type SchedulerLike } from 'rxjs'
import { after } from '../../../kernel/streams/streams'

/** The cart count is read again 3000 ms after the cart changed (header spec §4, §9). */
export const CART_UPDATE_DELAY_MS = 3000

/**
 * One tick 3 s after an `updateCart` event; further events inside that window ride along with it
 * (the read at the end of the window sees their changes too). A later event opens a new window.
 */
export const cartRefreshes = (
  updates$: Observable<unknown>,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<0> => updates$.pipe(exhaustMap(() => after(CART_UPDATE_DELAY_MS, scheduler)))
