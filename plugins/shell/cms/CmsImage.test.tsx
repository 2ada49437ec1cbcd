// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Media } from '../../../contracts/cms'
import { CmsImage, IMAGE_BREAKPOINTS } from './CmsImage'

afterEach(cleanup)

const src = (name: string) => ({ url: `/medias/${name}.svg`, altText: 'Brewers week' })
const sourcesOf = (media: Media) => {
  const { container } = render(<CmsImage media={media} />)
  return {
    sources: [...container.querySelectorAll('source')].map((s) => [
      s.getAttribute('media'),
      s.getAttribute('srcset'),
    ]),
    img: container.querySelector('img'),
  }
}

describe('CMS image sources (header spec §9)', () => {
  it('switch at 1440, 1200, 1024 and 480 px, widest first', () => {
    expect(IMAGE_BREAKPOINTS.map((b) => b.minWidth)).toEqual([1440, 1200, 1024, 480])
    const { sources, img } = sourcesOf({
      widescreen: src('w'),
      largeDesktop: src('l'),
      desktop: src('d'),
      tablet: src('t'),
      mobile: src('m'),
    })
    expect(sources).toEqual([
      ['(min-width: 1440px)', '/medias/w.svg'],
      ['(min-width: 1200px)', '/medias/l.svg'],
      ['(min-width: 1024px)', '/medias/d.svg'],
      ['(min-width: 480px)', '/medias/t.svg'],
    ])
    expect(img?.getAttribute('src')).toBe('/medias/m.svg')
    expect(img?.getAttribute('alt')).toBe('Brewers week')
  })

  it('a format the CMS leaves out takes the next narrower one, without repeating a source', () => {
    expect(sourcesOf({ desktop: src('d'), tablet: src('t'), mobile: src('m') }).sources).toEqual([
      ['(min-width: 1024px)', '/medias/d.svg'],
      ['(min-width: 480px)', '/medias/t.svg'],
    ])
    cleanup()
    expect(sourcesOf({ widescreen: src('w'), mobile: src('m') }).sources).toEqual([
      ['(min-width: 1440px)', '/medias/w.svg'],
    ])
    cleanup()
    const onlyDesktop = sourcesOf({ desktop: src('d') })
    expect(onlyDesktop.sources).toEqual([])
    expect(onlyDesktop.img?.getAttribute('src')).toBe('/medias/d.svg')
  })

  it('never uses an address that is not https or this site', () => {
    const { sources, img } = sourcesOf({
      widescreen: { url: 'javascript:alert(1)', altText: '' },
      largeDesktop: { url: 'http://evil.example/x.png', altText: '' },
      desktop: src('d'),
      mobile: src('m'),
    })
    expect(sources).toEqual([['(min-width: 1024px)', '/medias/d.svg']])
    expect(img?.getAttribute('src')).toBe('/medias/m.svg')
  })
})
