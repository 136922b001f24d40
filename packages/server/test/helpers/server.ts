import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { buildApp, type StrataApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import type { JobName } from '../../src/jobs/types.js';
import type { MetadataTarget } from './metadata-targets.js';

export const ADMIN_PASSWORD = 'admin-password-for-tests';

export interface TestServer {
  strata: StrataApp;
  baseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts a real server on a free port, with a fresh metadata store and data dir. */
export async function startServer(
  target: MetadataTarget,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const store = await target.create();
  const config = loadConfig({
    STRATA_DATA_DIR: store.dataDir,
    STRATA_METADATA_URL: store.url,
    STRATA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    STRATA_PORT: '0',
    STRATA_LOG_LEVEL: 'warn',
    STRATA_WEB_DIST: '',
    STRATA_LOAD_EXAMPLES: 'false',
    // A test that turns the examples on gets no example dashboards unless it asks for them.
    STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false',
    // Tests keep their file databases in temporary folders (data dirs and fixtures): allowed
    // there; test/security/ checks the default (the data dir's uploads) on its own.
    STRATA_FILE_DATABASE_DIRS: os.tmpdir(),
    // Test servers sharing the one Redis keep their queues, buses and events apart.
    STRATA_REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    ...env,
  });
  const strata = await buildApp(config, { logger: false });
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
}

/** Records the ids of the jobs the server queues whose names start with `prefix`, from now on. */
export function recordQueuedJobs(server: TestServer, prefix: string): string[] {
  const ids: string[] = [];
  const queue = server.strata.services.queue;
  const add = queue.add.bind(queue);
  queue.add = (name: JobName, payload, options) => {
    if (name.startsWith(prefix)) ids.push(options.jobId);
    return add(name, payload, options);
  };
  return ids;
}
