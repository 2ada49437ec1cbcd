import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// One small entry that mounts the header; every plugin, slot layout and the CMS renderer become
// their own chunks through dynamic imports. The manifest lets the reference server link the entry.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: { input: 'host/main.tsx' },
  },
})
