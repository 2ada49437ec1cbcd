import { useEffect, useState } from 'react'
import { RESIZE_REFRESH_MS } from '../resizeRefresh'

/**
 * The window's width, re-read at most every RESIZE_REFRESH_MS (20 ms) while it is resized (nav spec §9 resize refresh):
 * the last width always arrives, the ones in between are skipped. Listens only while `active`.
 */
export function useViewportWidth(active: boolean): number {
  const [width, setWidth] = useState(() => window.innerWidth)
  useEffect(() => {
    if (!active) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const onResize = () => {
      timer ??= setTimeout(() => {
        timer = undefined
        setWidth(window.innerWidth)
      }, RESIZE_REFRESH_MS)
    }
    setWidth(window.innerWidth)
    window.addEventListener('resize', onResize)
    return () => {
      window.removeEventListener('resize', onResize)
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [active])
  return width
}
