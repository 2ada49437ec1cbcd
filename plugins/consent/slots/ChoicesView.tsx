import { CONSENT_GROUPS, type ConsentChoices, type ConsentGroup } from '../../../contracts/consentState'
import type { BannerCopy } from '../bannerCopy'
import styles from './banner.module.css'

/**
 * The choice per group: a checkbox each (native, so the keyboard and screen readers need nothing
 * more), strictly necessary cookies named as always on, and targeting locked off while the browser
 * sends Global Privacy Control.
 */
export function ChoicesView(props: {
  copy: BannerCopy
  choices: ConsentChoices
  gpc: boolean
  onChange(group: ConsentGroup, allowed: boolean): void
}) {
  const { copy, choices, gpc } = props
  return (
    <fieldset className={styles.choices} id="one-header-consent-choices">
      <legend className={styles.legend}>{copy.groupsLegend}</legend>
      <p className={styles.necessary}>{copy.necessary}</p>
      {CONSENT_GROUPS.map((group) => {
        const locked = group === 'targeting' && gpc
        const id = `one-header-consent-${group}`
        return (
          <div className={styles.group} key={group}>
            <input
              type="checkbox"
              id={id}
              checked={locked ? false : choices[group]}
              disabled={locked}
              aria-describedby={`${id}-about`}
              onChange={(e) => props.onChange(group, e.currentTarget.checked)}
            />
            <label htmlFor={id}>{copy.groups[group].label}</label>
            <span className={styles.about} id={`${id}-about`}>
              {locked ? copy.gpcNote : copy.groups[group].description}
            </span>
          </div>
        )
      })}
    </fieldset>
  )
}
