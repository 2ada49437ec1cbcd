import Cookies from 'js-cookie'
import { BREAKPOINTS } from '../../site/breakpoints'

/** A cookie's value, or undefined; never throws on a malformed cookie string. */
export function readCookie(name: string): string | undefined {
  try {
    return Cookies.get(name)
  } catch {
    return undefined
  }
}

/** 'mobile' below 768 px, 'tablet' below 992 px (the desktop breakpoint, header spec §9), else 'desktop'. */
export function deviceType(win: Pick<Window, 'innerWidth'>): 'mobile' | 'tablet' | 'desktop' {
  return win.innerWidth < BREAKPOINTS.md ? 'mobile' : win.innerWidth < BREAKPOINTS.lg ? 'tablet' : 'desktop'
}
