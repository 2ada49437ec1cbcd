// @vitest-environment node
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createFirstViewLoader } from './firstViewRenderer'

const dir = mkdtempSync(join(tmpdir(), 'one-header-first-view-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('loading the header’s built first-view renderer', () => {
  it('loads its prepareFirstView, and again once the file is rebuilt', async () => {
    const file = join(dir, 'firstView.mjs')
    writeFileSync(file, 'export const prepareFirstView = () => "<div data-first-view>one</div>"\n')
    const load = createFirstViewLoader(file, () => {})
    expect((await load())?.({} as never)).toBe('<div data-first-view>one</div>')
    writeFileSync(file, 'export const prepareFirstView = () => "<div data-first-view>two</div>"\n')
    utimesSync(file, new Date(), new Date(Date.now() + 5000))
    expect((await load())?.({} as never)).toBe('<div data-first-view>two</div>')
  })

  it('is undefined (pages go without it) when the file is missing, broken or has no renderer, and says why', async () => {
    const problems: string[] = []
    const note = (message: string) => problems.push(message)
    expect(await createFirstViewLoader(join(dir, 'missing.mjs'), note)()).toBeUndefined()
    writeFileSync(join(dir, 'broken.mjs'), 'export const = \n')
    expect(await createFirstViewLoader(join(dir, 'broken.mjs'), note)()).toBeUndefined()
    writeFileSync(join(dir, 'other.mjs'), 'export const other = 1\n')
    expect(await createFirstViewLoader(join(dir, 'other.mjs'), note)()).toBeUndefined()
    expect(problems).toEqual([
      `${join(dir, 'broken.mjs')} could not be loaded`,
      `${join(dir, 'other.mjs')} has no prepareFirstView export`,
    ])
  })
})
