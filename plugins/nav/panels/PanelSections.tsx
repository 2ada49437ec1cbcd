import { Card } from './cards/Card'
import { TextLink } from './cards/LinkCards'
import styles from './FlyoutPanel.module.css'
import { navAttributes } from './navAttributes'
import type { Section } from './panelItems'
import type { Card as CardData, Footer, Group, Heading } from './panelModel'

/** A section header: a link or a caption (nav spec §2 SECTION_HEADER_LINK / _NOLINK). */
export function HeadingView({ heading, section }: { heading: Heading; section: Section }) {
  return (
    <h2 className={styles.heading}>
      {heading.url ? (
        <a
          href={heading.url}
          {...navAttributes({ section, componentId: heading.uid, header: heading.analyticsName })}
        >
          <LastWordWithArrow text={heading.name} />
        </a>
      ) : (
        heading.name
      )}
    </h2>
  )
}

/**
 * A heading link's text with its last word in a box that never wraps, where the CSS draws the
 * arrow: a heading that wraps takes the arrow with its last word, never leaving it alone on a line
 * (the break before a pseudo-element's no-break space is still taken by the browser).
 */
function LastWordWithArrow({ text }: { text: string }) {
  const cut = text.lastIndexOf(' ') + 1
  return (
    <>
      {text.slice(0, cut)}
      <span className={styles.headingTail}>{text.slice(cut)}</span>
    </>
  )
}

/** Consecutive cards of one mode: one list, laid out the way that mode's cards line up. */
function runsOf(cards: readonly CardData[]): CardData[][] {
  const runs: CardData[][] = []
  for (const card of cards) {
    const last = runs.at(-1)
    if (last && last[0]?.mode === card.mode) last.push(card)
    else runs.push([card])
  }
  return runs
}

export function CardList({ cards, className }: { cards: readonly CardData[]; className?: string }) {
  return (
    <>
      {runsOf(cards).map((run) => (
        <ul
          key={run[0]?.uid}
          className={className ? `${styles.cards} ${className}` : styles.cards}
          data-mode={run[0]?.mode}
          data-pictures={run.some((c) => c.image) ? undefined : 'none'}
        >
          {run.map((card) => (
            <li key={card.uid}>
              <Card card={card} />
            </li>
          ))}
        </ul>
      ))}
    </>
  )
}

/** A section header's group: its heading and its cards, one list per run of a mode. */
export function GroupView({ group, section }: { group: Group; section: Section }) {
  return (
    <div className={styles.group} data-group>
      {group.heading && <HeadingView heading={group.heading} section={section} />}
      {group.cards.length > 0 && (
        <div className={styles.runs}>
          <CardList cards={group.cards} />
        </div>
      )}
    </div>
  )
}

/** NOBO links (nav spec §6): a highlighted bar at the top of the body, for agents only. */
export function NoboBar({ links }: { links: readonly CardData[] }) {
  return (
    <ul className={styles.nobo} data-part="nobo">
      {links.map((card) => (
        <li key={card.uid}>
          <TextLink card={card} />
        </li>
      ))}
    </ul>
  )
}

/** The footer (nav spec §2): brand heading, large, medium, promos, articles, then low-importance links. */
export function FooterView({ footer, inBody = false }: { footer: Footer; inBody?: boolean }) {
  return (
    <div className={inBody ? `${styles.footer} ${styles.footerInBody}` : styles.footer} data-part="footer">
      {footer.heading && <HeadingView heading={footer.heading} section="footer" />}
      {footer.cards.length > 0 && (
        <ul className={styles.footerCards}>
          {footer.cards.map((card) => (
            <li key={card.uid} data-mode={card.mode}>
              <Card card={card} />
            </li>
          ))}
        </ul>
      )}
      {footer.links.length > 0 && (
        <ul className={styles.footerLinks}>
          {footer.links.map((card) => (
            <li key={card.uid}>
              <TextLink card={card} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
