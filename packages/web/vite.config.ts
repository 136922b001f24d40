import { defineConfig, defaultClientConditions } from 'vite';
import type { ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server the dev server forwards to (`npm run dev -w @strata/web`). */
const API_TARGET = 'http://localhost:8088';
const PROXIED_PATHS = ['/api', '/login', '/logout', '/superset', '/health'];
/** Pages of this application that live under a proxied prefix: the dev server serves them. */
const SPA_PAGES = [/^\/login\/?(\?|$)/, /^\/superset\/welcome\/?(\?|$)/];

const proxy: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: false,
  bypass(req) {
    const url = req.url ?? '';
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    if (req.method === 'GET' && wantsHtml && SPA_PAGES.some((re) => re.test(url))) {
      return '/index.html';
    }
    return undefined;
  },
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    // `strata-source` makes @strata/core (and @strata/charts) resolve to their TypeScript source.
    conditions: ['strata-source', ...defaultClientConditions],
  },
  optimizeDeps: {
    // rison is CommonJS and only imported by @strata/core's source.
    include: ['rison'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // No `<link rel="modulepreload">` helper around dynamic imports: its link bookkeeping cost
    // ~30 ms of a dashboard's start, and the browser fetches a chunk's static imports itself.
    modulePreload: false,
  },
  server: {
    proxy: {
      ...Object.fromEntries(PROXIED_PATHS.map((path) => [path, proxy])),
      // The async query events' WebSocket (GLOBAL_ASYNC_QUERIES_TRANSPORT ws).
      '/ws': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
});
