import NavBar from './NavBar'
import { withNavClickTracking } from './NavClickTracking'

/** The navigation bar's slot: the bar with its links tracked, drawn once (served, then hydrated). */
export const navBarSlot = withNavClickTracking(NavBar)
