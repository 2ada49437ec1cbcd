import { useEffect, useRef } from 'react'

/** False once the component has unmounted: an answer that arrives after the flyout closed is dropped. */
export function useMountedRef() {
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  return mounted
}
