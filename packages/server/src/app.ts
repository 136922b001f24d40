/**
 * Starting the app: `init` (migrations, permission catalogue, first admin, examples), then the
 * services (`services.ts`) and the roles this process runs: web (`web.ts`), worker
 * (`worker.ts`) and scheduler. `buildApp` is one process with the web role — the whole install
 * when STRATA_ROLES is unset (it initialises the store first, as `init` would); `startBackground`
 * is a process without the web role.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { sqliteCompanions, tightenExisting } from './config/file-modes.js';
import type { EngineRegistry } from './engines/registry.js';
import {
  exampleDashboardsOwner,
  installExampleDashboards,
  type ExampleDashboardsReport,
} from './examples/dashboards.js';
import { installExamples, type InstallReport } from './examples/install.js';
import { openMetadataStore, sqlitePathFromUrl, type MetadataStore } from './metadata/db.js';
import { migrateToLatest, pendingMigrations } from './metadata/migrations/index.js';
import {
  ensureAdminUser,
  syncPermissionCatalogue,
  type AdminBootstrapResult,
} from './security/repository.js';
import { buildServices, type Services } from './services.js';
import { buildWeb } from './web.js';
import { Scheduler } from './scheduler/scheduler.js';
import { builtInSchedules } from './scheduler/schedules.js';
import { ReportScheduleSync } from './reports/schedules.js';
import { startWorker } from './worker.js';

export { defaultWebDist } from './web.js';

export interface StrataApp {
  app: FastifyInstance;
  services: Services;
  store: MetadataStore;
  config: Config;
  admin: AdminBootstrapResult;
  examples: InstallReport | null;
  /** The example dashboards' import at this start; null when it was off. */
  exampleDashboards: ExampleDashboardsReport | null;
  close(): Promise<void>;
}

export interface BuildOptions {
  logger?: boolean;
  /** Engines to use instead of the shipped ones (tests). */
  engines?: EngineRegistry;
  /** Progress messages of start-up work (loading the examples). */
  onProgress?: (message: string) => void;
  /** Where the example dashboards' bundles are (tests); default: the shipped folder. */
  exampleDashboardsDir?: string;
}

export interface InitReport {
  migrations: string[];
  admin: AdminBootstrapResult;
  examples: InstallReport | null;
  exampleDashboards: ExampleDashboardsReport | null;
}

const NOT_INITIALISED =
  'The metadata store is not initialised (or older than this version): run `node packages/server/dist/main.js init` (or `npm run init`) once, then start the processes.';

/** The store's part of `init`: migrations, the permission catalogue, the first admin, examples. */
async function initStore(
  config: Config,
  store: MetadataStore,
  onProgress?: (message: string) => void,
): Promise<Omit<InitReport, 'exampleDashboards'>> {
  const migrations = await migrateToLatest(store.db as never, config.metadataDialect);
  await syncPermissionCatalogue(store.db);
  const admin = await ensureAdminUser(store.db, config.adminUsername, config.adminPassword);
  const examples = config.loadExamples
    ? await installExamples(store.db, config.dataDir, onProgress)
    : null;
  return { migrations, admin, examples };
}

/** Superset's example dashboards (those missing), after the examples' data. */
async function initExampleDashboards(
  s: Services,
  examples: InstallReport | null,
  options: BuildOptions,
  warn: (message: string) => void,
): Promise<ExampleDashboardsReport | null> {
  if (!examples || !s.config.loadExampleDashboards) return null;
  const ownerId = await exampleDashboardsOwner(s.db, s.config.adminUsername);
  if (ownerId === null) {
    const message = 'example dashboards: not installed, there is no active Admin user';
    options.onProgress?.(message);
    warn(message);
    return null;
  }
  const report = await installExampleDashboards(
    s.db,
    {
      dialect: s.config.metadataDialect,
      box: s.box,
      engines: s.engines,
      connections: s.connections,
    },
    ownerId,
    options.onProgress,
    options.exampleDashboardsDir,
  );
  for (const f of report.failed) warn(`example dashboard ${f.bundle} not installed: ${f.message}`);
  return report;
}

/** A process of a scaled-out install needs a store `init` made current. */
async function assertInitialised(config: Config, store: MetadataStore): Promise<void> {
  const pending = await pendingMigrations(store.db as never, config.metadataDialect);
  if (pending.length > 0) throw new Error(NOT_INITIALISED);
}

/** `main.js init`: the store migrated and seeded, the examples loaded; then everything closes. */
export async function runInit(config: Config, options: BuildOptions = {}): Promise<InitReport> {
  const store = openMetadataStore(config.metadataUrl, config.metadataDialect);
  let report: Omit<InitReport, 'exampleDashboards'>;
  try {
    report = await initStore(config, store, options.onProgress);
  } catch (e) {
    await store.close();
    throw e;
  }
  // The init process writes the examples file (it is the only one running).
  const services = await buildServices(
    { ...config, embedded: true },
    { engines: options.engines, store },
  );
  try {
    const exampleDashboards = await initExampleDashboards(services, report.examples, options, (m) =>
      console.warn(m),
    );
    return { ...report, exampleDashboards };
  } finally {
    await services.close();
  }
}

/**
 * What every process does beside serving HTTP: it registers itself with a heartbeat and sweeps
 * the queries of lost workers (the embedded process first counts every earlier process dead:
 * it is the only one), then runs the worker and scheduler roles the config names. The answer
 * stops them.
 */
async function startRoles(s: Services): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void> | void> = [];
  await s.instances.register(s.config.roles);
  if (s.config.embedded) await s.instances.markOthersDead();
  s.instances.startSweeping();
  if (s.config.roles.has('worker')) stops.push(startWorker(s));
  if (s.config.roles.has('scheduler')) {
    const builtIns = builtInSchedules({
      purgeCron: s.config.maintenanceSchedule,
      reportsPruneCron: s.config.reports.pruneSchedule,
    });
    const scheduler = new Scheduler({
      db: s.db,
      queue: s.queue,
      instanceId: s.instanceId,
      schedules: builtIns,
      onError: (schedule, tick, error) =>
        console.error(`Schedule ${schedule} could not fire its tick ${tick}:`, error),
    });
    scheduler.start();
    // Every active report fires on its own cron, kept current as reports change.
    const reportSchedules = new ReportScheduleSync({
      db: s.db,
      versions: s.versions,
      bus: s.bus,
      scheduler,
      builtIns,
      onError: (error) => console.error('Report schedules:', error),
    });
    await reportSchedules.start();
    stops.push(async () => {
      await reportSchedules.stop();
      await scheduler.stop();
    });
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

/** Builds the app with the web role (and the other roles the config names). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<StrataApp> {
  if (!config.roles.has('web')) throw new Error('buildApp needs the web role');
  const store = openMetadataStore(config.metadataUrl, config.metadataDialect);
  let initReport: Omit<InitReport, 'exampleDashboards'> = {
    migrations: [],
    admin: { created: false, username: config.adminUsername, generatedPassword: null },
    examples: null,
  };
  try {
    if (config.embedded) initReport = await initStore(config, store, options.onProgress);
    else await assertInitialised(config, store);
  } catch (e) {
    await store.close();
    throw e;
  }
  const services = await buildServices(config, { engines: options.engines, store });
  let stopRoles: (() => Promise<void>) | null = null;
  try {
    const app = await buildWeb(services, { logger: options.logger });
    const exampleDashboards = config.embedded
      ? await initExampleDashboards(services, initReport.examples, options, (m) => app.log.warn(m))
      : null;
    await app.ready();
    // What the data dir already held (or what this start made under a looser umask): private.
    tightenExisting(
      config.dataDir,
      config.metadataDialect === 'sqlite'
        ? sqliteCompanions(sqlitePathFromUrl(config.metadataUrl))
        : [],
      (message) => app.log.warn(message),
    );
    stopRoles = await startRoles(services);
    const stop = stopRoles;
    return {
      app,
      services,
      store,
      config,
      admin: initReport.admin,
      examples: initReport.examples,
      exampleDashboards,
      async close() {
        await stop();
        services.sqlLab.abortAll();
        await closeWithin(app, HTTP_DRAIN_MS);
        await services.close();
      },
    };
  } catch (e) {
    if (stopRoles) await stopRoles().catch(() => undefined);
    await services.close();
    throw e;
  }
}

/** How long a closing web process waits for the requests still in flight. */
export const HTTP_DRAIN_MS = 10_000;

/**
 * Closes the HTTP server, letting requests in flight finish for at most `ms`; past it their
 * connections are cut. A request waiting on work that will never come (a job of a worker role
 * already stopped) must not hold the process open for ever.
 */
export async function closeWithin(app: FastifyInstance, ms: number): Promise<void> {
  const closing = app.close();
  const timer = setTimeout(() => {
    app.log.warn(`Requests still in flight after ${ms} ms: their connections are closed`);
    app.server.closeAllConnections();
  }, ms);
  timer.unref();
  try {
    await closing;
  } finally {
    clearTimeout(timer);
  }
}

/** A process without the web role (worker, scheduler): no HTTP, the same services. */
export async function startBackground(
  config: Config,
  options: BuildOptions = {},
): Promise<{ services: Services; close(): Promise<void> }> {
  const store = openMetadataStore(config.metadataUrl, config.metadataDialect);
  try {
    await assertInitialised(config, store);
  } catch (e) {
    await store.close();
    throw e;
  }
  const services = await buildServices(config, { engines: options.engines, store });
  let stopRoles: () => Promise<void>;
  try {
    stopRoles = await startRoles(services);
  } catch (e) {
    await services.close();
    throw e;
  }
  return {
    services,
    async close() {
      await stopRoles();
      await services.close();
    },
  };
}
