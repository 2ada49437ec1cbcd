import type { Observable, Subscription } from 'rxjs'
import {
  parseSegmentCodes,
  type SegmentJar,
  updateStoredSegments,
  withSegment,
} from '../../../site/visitorSegments'

/**
 * getAdType feeds the targeted content (header spec §6, §7): a customer with an active auto-delivery
 * programme (any type but NONE) is an ActiveADUser in the stored visitor data, and one without is not,
 * from the next page on. An agent's answer is about the customer they act for, not about this
 * browser's visitor, so it is never stored; neither is "not known yet" (null).
 */
export function keepAdSegment(
  adType$: Observable<string | null>,
  isAgent: () => boolean,
  jar: SegmentJar,
): Subscription {
  return adType$.subscribe((adType) => {
    if (adType === null || isAgent()) return
    updateStoredSegments(jar, (stored) =>
      withSegment(parseSegmentCodes(stored), 'ActiveADUser', adType !== 'NONE'),
    )
  })
}
