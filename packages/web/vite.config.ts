import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { firstLoadHints } from './first-load-hints';
import { purgeUnusedBootstrap } from './unused-bootstrap-css';

const require = createRequire(import.meta.url);

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, so the server sends
 * them precompressed at the highest levels (no per-request compression) to browsers that accept them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'loreforge-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Vite config for the Loreforge web app: React, `/api` proxied to the API in dev,
 * output in `dist` (served by the API server with SPA fallback), Vitest on jsdom.
 */
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    firstLoadHints({
      entries: ['src/screens/landing/landing-entry.tsx', 'src/app-entry.tsx'],
      screens: {
        home: ['src/app-entry.tsx', 'src/screens/home/HomeScreen.tsx', 'src/screens/home/WorldsHome.tsx'],
        world: ['src/app-entry.tsx', 'src/screens/worlds/WorldScreen.tsx', 'src/screens/worlds/WorldDetailsTab.tsx'],
        timeline: ['src/app-entry.tsx', 'src/screens/timelines/TimelineScreen.tsx'],
      },
    }),
    precompress(),
  ],
  // Bootstrap's rules that nothing in the app uses are left out of the build (unused-bootstrap-css.ts).
  css: command === 'build' ? { postcss: { plugins: [purgeUnusedBootstrap(path.dirname(fileURLToPath(import.meta.url)))] } } : {},
  resolve: {
    // React Router's package exports point every bundler at its development build (extra checks and warnings run
    // on every render and navigation); the production build shipped beside it skips them.
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: path.join(path.dirname(require.resolve('react-router')), '../production/index.mjs') }]
        : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The web package builds with its own Vite 7 (packages/web/node_modules), which reads `rollupOptions`; the
    // types come from the workspace's newer Vite, where the key is `rolldownOptions`.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- read by the Vite version that builds
    rollupOptions: {
      output: {
        // Chunks under 8 kB are merged into the chunks that load with them, where that changes no module's order of
        // execution. The app is served over HTTP/1.1, six connections per origin, so each small chunk of a first
        // page cost a round trip: the world page's first load went from 21 files to 11 with the same bytes.
        experimentalMinChunkSize: 8000,
        // A merged chunk takes the name of one of its modules; the app bundle keeps its own, to be found in the
        // network panel (`app-entry-….js`).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.endsWith('/src/app-entry.tsx')) ? 'assets/app-entry-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
}));
