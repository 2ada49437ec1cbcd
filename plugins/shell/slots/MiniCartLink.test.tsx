// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import { labelsFrom } from '../../../contracts/labels'
import { labelEntries } from '../../../contracts/labelTexts'
import { cartCountRef } from '../../../contracts/serviceRefs'
import { definePlugin } from '../../../kernel/plugin/definePlugin'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { provide } from '../../../kernel/services/serviceRef'
import type { Lang } from '../../../site/brand'
import { createTestKernel } from '../../../test/createTestKernel'
import { MiniCartLink } from './MiniCartLink'

afterEach(cleanup)

/** The mini-cart as the shell renders it, with a plugin providing the count when one is given. */
function renderCart(lang: Lang, count?: BehaviorSubject<number>) {
  const plugins = count
    ? [definePlugin({ id: 'cart', services: [provide(cartCountRef, {}, () => count.asObservable())] })]
    : []
  const { kernel } = createTestKernel(plugins, {
    context: { brand: 'cab2c', lang, labels: labelsFrom(labelEntries('cab2c', lang)) },
  })
  render(
    <KernelProvider kernel={kernel}>
      <MiniCartLink />
    </KernelProvider>,
  )
  return screen.getByRole('link')
}

/** The text on screen as the DOM has it (what axe and speech input compare the name with). */
const visibleText = (link: HTMLElement) => (link.textContent ?? '').replace(/\s+/g, ' ').trim()

describe('mini-cart link name (WCAG 2.5.3 label in name)', () => {
  it.each([
    ['en', 0, 'Cart 0', 'Cart 0 items', '/cart'],
    ['en', 1, 'Cart 1', 'Cart 1 item', '/cart'],
    ['en', 3, 'Cart 3', 'Cart 3 items', '/cart'],
    ['fr', 0, 'Panier 0', 'Panier 0 articles', '/fr/cart'],
    ['fr', 1, 'Panier 1', 'Panier 1 article', '/fr/cart'],
    ['fr', 12, 'Panier 12', 'Panier 12 articles', '/fr/cart'],
  ] as const)('%s with %i in the cart: shows "%s", is named "%s"', (lang, n, shown, name, href) => {
    const link = renderCart(lang, new BehaviorSubject<number>(n))
    expect(visibleText(link)).toBe(shown)
    expect(link.getAttribute('aria-label')).toBe(name)
    expect(screen.getByRole('link', { name })).toBe(link)
    // The name starts with the visible text, word for word.
    expect(name.startsWith(visibleText(link))).toBe(true)
    expect(link.getAttribute('href')).toBe(href)
  })

  it('is named by its label alone until a plugin provides the count, and follows the count', () => {
    const link = renderCart('en')
    expect(visibleText(link)).toBe('Cart')
    expect(link.getAttribute('aria-label')).toBe('Cart')
    cleanup()
    const count = new BehaviorSubject(2)
    const counted = renderCart('en', count)
    act(() => count.next(5))
    expect(visibleText(counted)).toBe('Cart 5')
    expect(counted.getAttribute('aria-label')).toBe('Cart 5 items')
  })
})

describe('where a Canadian shopper reaches the cart (header spec §5 "cart links are hidden on the Canadian site")', () => {
  // The account menu's cart shortcuts are hidden on cab2c (plugins/auth/menu, tested there); the
  // mini-cart stays: it is the header's one way to the cart and checkout (docs/decisions/account-and-session.md
  // "Auto Delivery and the cart").
  it.each([
    ['en', '/cart', 'Cart 2 items'],
    ['fr', '/fr/cart', 'Panier 2 articles'],
  ] as const)('cab2c in %s: the mini-cart links to %s, with the count', (lang, href, name) => {
    const link = renderCart(lang, new BehaviorSubject<number>(2))
    expect(screen.getByRole('link', { name })).toBe(link)
    expect(link.getAttribute('href')).toBe(href)
  })
})
