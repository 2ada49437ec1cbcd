import type { Section } from './panelItems'

/**
 * The analytics contract's data attributes (PREAMBLE, nav spec §7) on a link or button of a panel:
 * where it sits ('sub nav' for the body, else its section), whose it is (the item's componentId),
 * the section header it sits under, and whether it is an image alone ('icon') or has text.
 */
export interface NavTarget {
  section: Section
  componentId: string
  header?: string | undefined
  icon?: boolean
  /** The card's name, when the link also holds its description: the click's text (nav spec §7). */
  text?: string | undefined
}

const LOCATION: Record<Section, string> = { body: 'sub nav', sideBar: 'sidebar', footer: 'footer' }

export const navAttributes = ({ section, componentId, header, icon = false, text }: NavTarget) => ({
  'data-nav-location': LOCATION[section],
  'data-nav-component': componentId,
  ...(header ? { 'data-nav-header': header } : {}),
  'data-nav-click-type': icon ? 'icon' : 'text',
  ...(text ? { 'data-nav-text': text } : {}),
})
