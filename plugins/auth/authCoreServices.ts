import { busRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import type { ProvidingPlugin, ResolvedDeps } from '../../kernel/services/serviceRef'
import {
  agentRef,
  authEnvironmentRef,
  authLogRef,
  customerRef,
  sessionStateRef,
  tabSyncRef,
  tokenStoreRef,
} from './authServices'
import type { AuthCore } from './session/authCore'

/** The services sign-in and logout are declared with (sessionServices.ts). */
export const authCoreDeps = {
  http: httpRef,
  bus: busRef,
  context: headerContextRef,
  env: authEnvironmentRef,
  store: tokenStoreRef,
  sync: tabSyncRef,
  agent: agentRef,
  customer: customerRef,
  state: sessionStateRef,
  log: authLogRef,
}

/** The core from those services: the browser's parts from the environment, events under the plugin's id. */
export function authCore(
  { env, ...deps }: ResolvedDeps<typeof authCoreDeps>,
  plugin: ProvidingPlugin,
): AuthCore {
  return {
    ...deps,
    identity: env.identity,
    page: env.page,
    local: env.local,
    now: env.now,
    pluginId: plugin.pluginId,
  }
}
