import * as v from 'valibot'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { defineFirstView } from '../../kernel/plugin/firstView'
import { eagerSlot } from '../../kernel/plugin/slots'
import { useService } from '../../kernel/react/KernelProvider'
import { usePluginOptions } from '../../kernel/react/PluginBoundary'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import { createServiceRef, type ProvidingPlugin, provide } from '../../kernel/services/serviceRef'

/** The options a brand file may set; every field has a default, so `{ id: 'hello' }` is enough. */
const HelloOptionsSchema = v.optional(v.strictObject({ greeting: v.optional(v.string(), 'Hello') }), {})
type HelloOptions = v.InferOutput<typeof HelloOptionsSchema>

/** The plugin's own service: other plugins could take it through this ref. */
interface HelloService {
  /** Whom the greeting names: the brand's shopper, until a sign-out. */
  readonly who: () => string
  readonly forget: () => void
}
export const helloRef = createServiceRef<HelloService>('hello.service')

/** Its slot's component: reads its options and services through the kernel's hooks. */
function HelloSlot() {
  const { greeting } = usePluginOptions<HelloOptions>()
  const hello = useService(helloRef)
  return <p data-testid="hello">{`${greeting}, ${hello.who()}`}</p>
}

export default definePlugin({
  id: 'hello',
  about: { name: 'Hello', shows: 'A greeting in the support row', owner: 'Docs', calls: [] },
  options: HelloOptionsSchema,
  services: [
    provide(
      helloRef,
      { context: headerContextRef },
      ({ context }, _plugin: ProvidingPlugin<HelloOptions>) => {
        let who = `${context.brand} shopper`
        return {
          who: () => who,
          forget: () => {
            who = 'visitor'
          },
        }
      },
    ),
  ],
  slots: { 'header.support': eagerSlot(HelloSlot) },
  firstView: defineFirstView({ needs: ['siteConfig'], parts: { 'header.support': HelloSlot } }),
  events: {
    logout: (_event, ctx) => ctx.get(helloRef).forget(),
  },
  start: (ctx) => {
    console.info(`[hello] started for ${ctx.get(helloRef).who()}`)
    return () => console.info('[hello] stopped')
  },
})
