/**
 * Makes everything inside `root` except `keep` (and the elements on the way to it) inert, so neither
 * Tab nor a screen reader reaches what `keep` covers, as a modal does for the page; the returned
 * function undoes exactly what it did (elements already inert stay so). The phone menu's panel covers
 * the menu dialog, whose own focus trap then keeps focus in the panel.
 */
export function inertOutside(keep: Element, root: Element): () => void {
  const made: Element[] = []
  let node = keep
  while (node !== root && node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute('inert')) continue
      sibling.setAttribute('inert', '')
      made.push(sibling)
    }
    node = node.parentElement
  }
  return () => {
    for (const element of made) element.removeAttribute('inert')
  }
}
