import type { AnalyticsPort } from '../../kernel/analytics/analyticsPort'

/** A fake tag-manager port that records what the kernel pushed (Backstage's MockAnalyticsApi). */
export function createRecordingAnalytics() {
  const pushed: { payload: Record<string, unknown>; pluginId: string; correlationId: string }[] = []
  const port: AnalyticsPort = {
    push: (payload, meta) =>
      pushed.push({ payload, pluginId: meta.pluginId, correlationId: meta.correlationId }),
  }
  return { port, pushed }
}
