import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { BRAND_CONFIGS } from './host/brands'

/**
 * Writes `.vite/brands.json` beside Vite's manifest: each brand's plugin ids in order. The reference
 * server reads it to preload the enabled plugins' chunks, so it never imports the browser's brand
 * files (the import direction server → host is forbidden).
 */
function brandPluginList(): Plugin {
  return {
    name: 'one-header-brand-plugins',
    generateBundle() {
      const plugins = Object.fromEntries(
        Object.values(BRAND_CONFIGS).map((config) => [config.brand, config.plugins.map((p) => p.id)]),
      )
      this.emitFile({ type: 'asset', fileName: '.vite/brands.json', source: JSON.stringify(plugins) })
    },
  }
}

// One small entry that mounts the header; every plugin, slot layout and the CMS renderer become
// their own chunks through dynamic imports. The manifest lets the reference server link the entry.
export default defineConfig({
  plugins: [react(), brandPluginList()],
  build: {
    outDir: 'dist',
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: 'host/main.tsx',
      output: {
        // A chunk the header imports by name (a plugin, a first view, a lazy slot) keeps its name; a
        // chunk of code those share is `shared-…`, so no shared chunk is ever taken for a plugin's
        // own (`contracts/search.ts` alone was `search-….js`, beside the search plugin's chunk).
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/shared-[name]-[hash].js',
      },
    },
    // The host page already fetches each chunk's imports (preloadHints.ts, data-preload): Vite's own
    // run-time helper, which scans the page's links and adds more before every dynamic import, is
    // main-thread work on the way to the whole header for nothing.
    modulePreload: false,
    // A stylesheet per chunk (issue 33): the host page blocks its first paint only on the entry's and
    // the first views' (server/pages/headerBundle.ts); a panel, dialog, the loyalty modal or the
    // footer brings its rules with its code (Vite's preload helper links a dynamic chunk's CSS and
    // waits for it before the chunk runs, so nothing shows unstyled). One sheet of everything (54 kB)
    // held the first paint back.
    cssCodeSplit: true,
  },
})
