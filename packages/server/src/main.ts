import './threadpool.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { restrictNewFiles } from './config/file-modes.js';

async function main(): Promise<void> {
  // Every file and folder made from here on (store, WAL, results, uploads…) is 0600 / 0700.
  restrictNewFiles();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  const strata = await buildApp(config, { onProgress: (message) => console.log(message) });
  if (strata.admin.created) {
    const lines = [`Created the admin user "${strata.admin.username}".`];
    if (strata.admin.generatedPassword) {
      lines.push(
        `Its generated password (shown once, not stored in clear): ${strata.admin.generatedPassword}`,
      );
      lines.push('Set STRATA_ADMIN_PASSWORD before the first start to choose it yourself.');
    }
    console.log(lines.join('\n'));
  }
  await strata.app.listen({ port: config.port, host: config.host });
  console.log(`Strata is serving at http://localhost:${config.port}`);
  const stop = async () => {
    await strata.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
