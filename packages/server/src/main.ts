import { buildApp, runInit, startBackground } from './app.js';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { restrictNewFiles } from './config/file-modes.js';
import { keepBackgroundThreadsBelow } from './runtime/thread-priority.js';
import type { AdminBootstrapResult } from './security/repository.js';

const USAGE = 'usage: main.js [init]  (no argument: run the roles STRATA_ROLES names)';

function printAdmin(admin: AdminBootstrapResult): void {
  if (!admin.created) return;
  const lines = [`Created the admin user "${admin.username}".`];
  if (admin.generatedPassword) {
    lines.push(
      `Its generated password (shown once, not stored in clear): ${admin.generatedPassword}`,
    );
    lines.push('Set STRATA_ADMIN_PASSWORD before the first start to choose it yourself.');
  }
  console.log(lines.join('\n'));
}

function onSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) return;
    stopping = true;
    void stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

async function serve(config: Config): Promise<void> {
  const roles = [...config.roles].join(',');
  // Query threads yield the CPU to the event loop (runtime/thread-priority.ts).
  keepBackgroundThreadsBelow(config.backgroundThreadNice, {
    onError: (tid, e) => {
      // A thread that ended meanwhile is no failure.
      if ((e as { info?: { code?: string } }).info?.code === 'ESRCH') return;
      console.error(`Could not lower the priority of thread ${tid}:`, e);
    },
  });
  if (config.roles.has('web')) {
    const strata = await buildApp(config, { onProgress: (message) => console.log(message) });
    printAdmin(strata.admin);
    await strata.app.listen({ port: config.port, host: config.host });
    onSignals(() => strata.close());
    console.log(`Strata is serving at http://localhost:${config.port} (roles: ${roles})`);
    return;
  }
  const strata = await startBackground(config);
  onSignals(() => strata.close());
  console.log(`Strata is running (roles: ${roles}; instance ${strata.services.instanceId})`);
}

async function main(): Promise<void> {
  // Every file and folder made from here on (store, WAL, results, uploads…) is 0600 / 0700.
  restrictNewFiles();
  const command = process.argv[2];
  if (command !== undefined && command !== 'init') {
    console.error(USAGE);
    process.exit(2);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  if (command === 'init') {
    const report = await runInit(config, { onProgress: (message) => console.log(message) });
    printAdmin(report.admin);
    console.log(
      report.migrations.length > 0
        ? `Strata is initialised (migrations applied: ${report.migrations.join(', ')}).`
        : 'Strata is initialised (the metadata store was already current).',
    );
    process.exit(0);
  }
  await serve(config);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
