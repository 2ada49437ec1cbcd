// The part of jsdom's API the tests use (jsdom ships no types; vitest's jsdom environment brings it).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string)
    readonly window: Window & typeof globalThis
  }
}
