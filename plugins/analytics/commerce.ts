import type { KernelEvents } from '../../kernel/bus/events'
import type { TagPayload } from '../../kernel/plugin/definePlugin'
import './events'

/** A promotion in the header followed (nav spec §7 `select_promotion`). */
export const promotionTags = (e: KernelEvents['analytics:promotionSelected']): TagPayload => ({
  event: 'select_promotion',
  promotion_id: e.id,
  promotion_name: e.name,
  creative_slot: e.location,
  click_path: e.path,
})

/** A header link that leaves the site (nav spec §7 `outbound_link_click`). */
export const outboundTags = (e: KernelEvents['analytics:outboundLinkClicked']): TagPayload => ({
  event: 'outbound_link_click',
  link_url: e.url,
  link_domain: new URL(e.url).hostname,
  click_text: e.text,
  nav_location: e.location,
})

/** A backup order set up by the page (nav spec §7 backup events: scheduled or smart). */
export const backupTags = (e: KernelEvents['page:backupCreated']): TagPayload => ({
  event: e.kind === 'smart' ? 'smart_backup' : 'scheduled_backup',
  backup_type: e.kind,
  subscription_id: e.subscriptionId ?? '',
  product_id: e.productCode ?? '',
})

/** The brewer registration failed (nav spec §7 `BrewerReg_Failure`, named exactly so). */
export const brewerRegistrationFailureTags = (
  e: KernelEvents['page:brewerRegistrationFailed'],
): TagPayload => ({
  event: 'BrewerReg_Failure',
  error_code: e.reason,
})
