// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { createFakeAuthSession } from '../test/fakeAuthSession'
import { renderAuthSlots } from '../test/renderAuthSlot'
import AccountSlot from './AccountSlot'

// Its own file: the panels' code must not be loaded yet when the button is first pressed.
it('shows a loader ("Please wait…") while the panel’s code loads, then the panel', async () => {
  renderAuthSlots([AccountSlot], { session: createFakeAuthSession({ signedIn: true }) })
  fireEvent.click(screen.getByRole('button', { name: 'Hi, Jamie' }))
  expect(screen.getByRole('status').textContent).toBe('Please wait…')
  expect(await screen.findByRole('navigation', { name: 'Account' })).toBeTruthy()
  expect(screen.queryByRole('status')).toBeNull()
})
