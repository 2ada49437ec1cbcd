// @vitest-environment jsdom
import Cookies from 'js-cookie'
import { afterEach, expect, it, vi } from 'vitest'
import { readCookie } from './readCookie'

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name)
  vi.restoreAllMocks()
})

it('reads what js-cookie reads, decoded, and undefined for a missing or inherited name', () => {
  document.cookie = 'customerFirstName=Ren%C3%A9e'
  document.cookie = 'refresh_token=r1'
  expect(readCookie('customerFirstName')).toBe('Renée')
  expect(readCookie('refresh_token')).toBe('r1')
  expect(readCookie('missing')).toBeUndefined()
  expect(readCookie('toString')).toBeUndefined()
})

it('parses the cookies once per change of document.cookie, and sees every change', () => {
  document.cookie = 'a=1'
  const parse = vi.spyOn(Cookies, 'get')
  expect(readCookie('a')).toBe('1')
  expect(readCookie('a')).toBe('1')
  expect(readCookie('b')).toBeUndefined()
  expect(parse).toHaveBeenCalledTimes(1)
  document.cookie = 'a=2'
  expect(readCookie('a')).toBe('2')
  Cookies.remove('a')
  expect(readCookie('a')).toBeUndefined()
  expect(parse).toHaveBeenCalledTimes(3)
})
