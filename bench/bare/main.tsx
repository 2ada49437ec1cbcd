import { StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'

// The reference point of the budgets: a bare React 19 page, built the same way as the header.
function App() {
  useEffect(() => {
    performance.mark('bare:first-render')
  }, [])
  return <header>Bare React page</header>
}

// Mounted where the header would be, in the same host page, so the two differ only by their code.
createRoot((document.getElementById('oneHeaderContainer') ?? document.getElementById('root'))!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
