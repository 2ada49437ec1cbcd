import { describe, expect, it, vi } from 'vitest'
import { createConsentStore } from '../../kernel/consent/consentStore'
import { chosenConsent } from '../../test/fakes/chosenConsent'
import { createMonitoringAgent, type MonitoringAgentApi } from './monitoringAgent'

const analytical = (allowed: boolean) => chosenConsent({ analytical: allowed })

const fakeAgent = (): MonitoringAgentApi => ({
  noticeError: vi.fn(),
  setUserId: vi.fn(),
  addPageAction: vi.fn(),
})

describe('monitoring agent under consent (analytical, c1)', () => {
  it('drops calls made while analytical is denied and forwards again at once when allowed', () => {
    const agent = fakeAgent()
    const consent = createConsentStore()
    const adapter = createMonitoringAgent(() => agent, { consent })
    consent.set(analytical(false))
    adapter.addPageAction('denied')
    consent.set(analytical(true))
    adapter.addPageAction('allowed')
    expect(vi.mocked(agent.addPageAction).mock.calls).toEqual([['allowed']])
    adapter.stop()
  })

  it('never delivers a queued call once analytical was denied after it was made', () => {
    let t = 0
    let agent: MonitoringAgentApi | undefined
    const consent = createConsentStore(undefined, () => t)
    const adapter = createMonitoringAgent(() => agent, { consent, now: () => t })
    adapter.noticeError('queued')
    expect(adapter.pending()).toBe(1)
    t = 5
    consent.set(analytical(false))
    expect(adapter.pending()).toBe(0)
    t = 10
    consent.set(analytical(true))
    agent = fakeAgent()
    adapter.noticeError('later')
    expect(vi.mocked(agent.noticeError).mock.calls).toEqual([['later']])
    adapter.stop()
  })
})
