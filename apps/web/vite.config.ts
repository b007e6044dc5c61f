import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: { '/api': api, '/uploads': api } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'lint/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    // npm run test:fast: one jsdom per worker, shared by its files (a third of the time); npm test isolates each file.
    isolate: process.env.TEST_FAST !== 'true',
  },
});
