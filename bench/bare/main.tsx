import { StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'

// The reference point of the budgets: a bare React 19 page, built the same way as the header.
function App() {
  useEffect(() => {
    performance.mark('bare:first-render')
  }, [])
  return <header>Bare React page</header>
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
