import { expect, it } from 'vitest'
import { productionByDefault } from './runtimeMode'

it('runs the production builds unless NODE_ENV says otherwise', () => {
  const unset: NodeJS.ProcessEnv = {}
  productionByDefault(unset)
  expect(unset.NODE_ENV).toBe('production')
  const empty: NodeJS.ProcessEnv = { NODE_ENV: '' }
  productionByDefault(empty)
  expect(empty.NODE_ENV).toBe('production')
  const chosen: NodeJS.ProcessEnv = { NODE_ENV: 'development' }
  productionByDefault(chosen)
  expect(chosen.NODE_ENV).toBe('development')
})
