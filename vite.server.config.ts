import { defineConfig } from 'vite'

/**
 * The reference server as one ES module for plain `node` (npm start): no TypeScript loader and no
 * tsx wrapper process between the supervisor's signal and the server, and a faster start. Packages
 * stay in node_modules (Vite's SSR build leaves every dependency external): PGlite finds its
 * WebAssembly files there. The bundle sits one folder below the repository root, as server/ does,
 * so paths.ts finds dist/, .data/ and the migrations from either.
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist-server',
    target: 'node20',
    sourcemap: true,
    minify: false,
    emptyOutDir: true,
    rollupOptions: {
      // The server, and beside it the header's first-view renderer (contracts/firstView.ts), which
      // the page server loads at run time from this folder: header code it never imports.
      input: { main: 'server/main.ts', firstView: 'host/firstView/firstViewHtml.tsx' },
      output: { entryFileNames: '[name].mjs', format: 'es' },
    },
  },
})
