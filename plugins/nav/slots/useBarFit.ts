import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { RESIZE_REFRESH_MS } from '../resizeRefresh'
import { fitCount, MORE_ROOM_PX } from './fitItems'

/**
 * How many of the bar's items have room in it, from the first (fitItems.ts), measured on the live
 * bar: once before its first paint (so the live bar shows the first view's items and no more), then
 * within RESIZE_REFRESH_MS (20 ms) of any change of the list's width or of an item's (the window resized, a web font
 * arrived). Undefined while the list has no width to measure (not laid out: the bar is not drawn
 * below 992 px): the bar is then drawn as the served first view.
 *
 * `key` changes when the items do, so the new ones are measured.
 */
export function useBarFit(key: unknown): {
  listRef: (list: HTMLUListElement | null) => void
  shown: number | undefined
} {
  const [list, setList] = useState<HTMLUListElement | null>(null)
  const [shown, setShown] = useState<number | undefined>(undefined)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const listRef = useCallback((element: HTMLUListElement | null) => setList(element), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the trigger to measure new items
  useLayoutEffect(() => {
    if (!list) return
    const measure = () => {
      timer.current = undefined
      setShown(measuredFit(list))
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      timer.current ??= setTimeout(measure, RESIZE_REFRESH_MS)
    })
    observer.observe(list)
    for (const item of itemsOf(list)) observer.observe(item)
    return () => {
      observer.disconnect()
      clearTimeout(timer.current)
      timer.current = undefined
    }
  }, [list, key])

  return { listRef, shown }
}

const itemsOf = (list: HTMLUListElement) => list.querySelectorAll<HTMLElement>(':scope > [data-nav-item]')

/** The items' widths against the list's and the room "More" takes (NavBar.module.css). */
function measuredFit(list: HTMLUListElement): number | undefined {
  const width = list.getBoundingClientRect().width
  if (width <= 0) return undefined
  const moreRoom =
    Number.parseFloat(getComputedStyle(list).getPropertyValue('--oh-more-width')) || MORE_ROOM_PX
  // Items "More" holds keep their place on the hidden row (visibility only), so keep their width.
  const widths = Array.from(itemsOf(list), (item) => item.getBoundingClientRect().width)
  return fitCount(widths, { width, moreRoom })
}
