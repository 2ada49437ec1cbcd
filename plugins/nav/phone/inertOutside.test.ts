// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { inertOutside } from './inertOutside'

function tree() {
  document.body.innerHTML = `
    <div id="root">
      <button id="close">Close</button>
      <nav id="nav"><ul>
        <li id="one"><button id="row">Row</button><div id="keep"><button>Back</button></div></li>
        <li id="two"><a href="/x">Two</a></li>
      </ul></nav>
      <div id="already" inert><a href="/y">Y</a></div>
    </div>
    <div id="outside"></div>`
  return (id: string) => document.getElementById(id)!
}

describe('inertOutside', () => {
  it('makes every branch off the path from root to the kept element inert, nothing above root', () => {
    const $ = tree()
    inertOutside($('keep'), $('root'))
    expect([...document.querySelectorAll('[inert]')].map((e) => e.id).sort()).toEqual(
      ['already', 'close', 'row', 'two'].sort(),
    )
    expect($('outside').hasAttribute('inert')).toBe(false)
  })

  it('undoes only what it did', () => {
    const $ = tree()
    const restore = inertOutside($('keep'), $('root'))
    restore()
    expect([...document.querySelectorAll('[inert]')].map((e) => e.id)).toEqual(['already'])
  })
})
