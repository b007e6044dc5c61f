import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { compiledCatalogs, locales } from './vite-catalogs.ts';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * The app's scripts start once the page has loaded (public/boot.js): the server's HTML already shows
 * the first screen, so its stylesheet and pictures go first on a slow connection. The entry script and
 * its module preloads become data attributes of the one boot script.
 */
const scriptsAfterFirstScreen = (): Plugin => ({
  name: 'scripts-after-first-screen',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => {
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
      if (!entry) throw new Error('scripts-after-first-screen: no entry script in index.html');
      const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
      let out = html.replace(entry[0], '');
      for (const p of preloads) out = out.replace(p[0], '');
      const boot = `<script src="/boot.js" data-entry="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}" defer></script>`;
      return out.replace('</head>', `  ${boot}\n  </head>`);
    },
  },
});

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [compiledCatalogs(), react(), tailwindcss(), scriptsAfterFirstScreen()],
  resolve: { alias: { '@locales': locales } },
  server: { proxy: { '/api': api, '/uploads': api } },
  // The server's render (entry-server.tsx, into dist-ssr) needs none of the files the browser is served.
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600, copyPublicDir: !isSsrBuild },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'lint/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    // npm run test:fast: one jsdom per worker, shared by its files (a third of the time); npm test isolates each file.
    isolate: process.env.TEST_FAST !== 'true',
    // Every core (Vitest leaves one free by default: a single worker on two cores).
    maxWorkers: '100%',
    // Beside Chromium at a lower priority in the full run (scripts/test.ts) a test may wait its turn for the cores.
    testTimeout: 20_000,
  },
}));
