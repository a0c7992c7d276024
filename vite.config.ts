import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  root: 'src/web',
  publicDir: false,
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { port: 8080, strictPort: true },
  test: {
    root: '.',
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
