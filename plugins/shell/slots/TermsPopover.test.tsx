// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cleanup, render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Labels } from '../../../contracts/labels'
import TermsPopover, { TERMS_POPOVER_WIDTH_PX } from './TermsPopover'

afterEach(cleanup)

const labels = {
  'header.free.shipping.terms.link': 'Details',
  'header.free.shipping.terms.content': 'Free shipping on orders over $50.',
  'header.free.shipping.terms.close': 'Close',
} as unknown as Labels

describe('the free-shipping terms popover (navigation spec §9: a popover is at most 276 px wide)', () => {
  it('is drawn 276 px wide', () => {
    const anchor = createRef<HTMLButtonElement>()
    render(
      <>
        <button type="button" ref={anchor}>
          Details
        </button>
        <TermsPopover id="terms" anchor={anchor} open onOpenChange={() => {}} labels={labels} />
      </>,
    )
    expect(TERMS_POPOVER_WIDTH_PX).toBe(276)
    expect(screen.getByRole('dialog').style.width).toBe('276px')
  })

  it('is capped at 276 px by its stylesheet too', () => {
    const sheet = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'shell.module.css'), 'utf8')
    const rule = /\n\.popover\s*\{([^}]*)\}/.exec(sheet)?.[1] ?? ''
    expect(rule).toMatch(/max-width:\s*276px;/)
  })
})
