// Loading the example data into a fresh embedded DuckDB, then again (idempotent), as the
// server does on first and later starts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig } from '@strata/server';

export async function benchExamplesLoad(): Promise<Array<{ name: string; ms: number }>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-examples-'));
  const env = {
    STRATA_DATA_DIR: dataDir,
    STRATA_ADMIN_PASSWORD: 'bench-password',
    STRATA_WEB_DIST: '',
  };
  const figures: Array<{ name: string; ms: number }> = [];
  try {
    for (const name of [
      'first start: load examples into a new DuckDB file',
      'second start: examples already loaded',
    ]) {
      const started = performance.now();
      const app = await buildApp(loadConfig(env), { logger: false });
      figures.push({ name, ms: Math.round(performance.now() - started) });
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
