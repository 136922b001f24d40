/**
 * Servers on the examples (DuckDB) for a test file: the examples' DuckDB file is loaded once per
 * file (the slow part) and copied into each server's fresh data dir, where the server installs it
 * at start; no example dashboards unless asked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { EXAMPLES_FILE } from '../../src/examples/install.js';
import { examplesDataDir, loadExamples } from '../../src/examples/loader.js';
import { tempDir, type MetadataTarget } from './metadata-targets.js';
import { ADMIN_PASSWORD, type TestServer } from './server.js';

/** `start(target, env)`: a server on a fresh store of `target`, with the examples loaded. */
export function examplesServers(prefix: string): {
  start(target: MetadataTarget, env?: Record<string, string>): Promise<TestServer>;
} {
  const dir = tempDir(prefix);
  const file = path.join(dir, EXAMPLES_FILE);
  let loaded: Promise<unknown> | null = null;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    async start(target, env = {}) {
      await (loaded ??= loadExamples(file, examplesDataDir()));
      const store = await target.create();
      fs.copyFileSync(file, path.join(store.dataDir, EXAMPLES_FILE));
      const strata = await buildApp(
        loadConfig({
          STRATA_DATA_DIR: store.dataDir,
          STRATA_METADATA_URL: store.url,
          STRATA_ADMIN_PASSWORD: ADMIN_PASSWORD,
          STRATA_PORT: '0',
          STRATA_LOG_LEVEL: 'warn',
          STRATA_WEB_DIST: '',
          STRATA_LOAD_EXAMPLES: 'true',
          STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false',
          ...env,
        }),
        { logger: false },
      );
      await strata.app.listen({ port: 0, host: '127.0.0.1' });
      const address = strata.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      return {
        strata,
        baseUrl: `http://127.0.0.1:${port}`,
        dataDir: store.dataDir,
        async close() {
          await strata.close();
          await store.drop();
        },
      };
    },
  };
}
