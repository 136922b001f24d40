import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { installErrorHandler } from './api/error-handler.js';
import { registerResource } from './api/resource.js';
import { SecretBox } from './crypto/secret-box.js';
import { DatabaseConnections } from './databases/connections.js';
import { registerDatabaseRoutes } from './databases/routes.js';
import { registerDatasetRoutes } from './datasets/routes.js';
import { registerUploadRoutes } from './uploads/routes.js';
import { registerExportRoutes } from './exports/routes.js';
import { registerImportRoutes } from './imports/routes.js';
import { defaultEngineRegistry } from './engines/index.js';
import type { EngineRegistry } from './engines/registry.js';
import { chartsResource } from './charts/resource.js';
import type { Config } from './config/config.js';
import { resolveSecretKey, SECRET_KEY_FILE } from './config/secret-key.js';
import { sqliteCompanions, tightenExisting } from './config/file-modes.js';
import { dashboardsResource } from './dashboards/resource.js';
import { registerDashboardRoutes } from './dashboards/routes.js';
import { databasesResource } from './databases/resource.js';
import { datasetsResource } from './datasets/resource.js';
import { registerHealthRoutes } from './health/routes.js';
import { registerLogRoutes } from './log/routes.js';
import { openMetadataStore, sqlitePathFromUrl, type MetadataStore } from './metadata/db.js';
import { migrateToLatest } from './metadata/migrations/index.js';
import { queriesResource } from './queries/resource.js';
import { savedQueriesResource } from './saved_queries/resource.js';
import { registerSavedQueryRoutes } from './saved_queries/routes.js';
import { registerKeyValueRoutes } from './key_value/routes.js';
import { registerSqlLabBootstrap } from './tab_state/bootstrap.js';
import { registerTabStateRoutes } from './tab_state/routes.js';
import { registerTimeRangeRoutes } from './time_range/routes.js';
import { buildChartDataService, registerChartDataRoutes } from './chart_data/routes.js';
import { AsyncChartData } from './chart_data/async.js';
import { asyncChannelId } from './async_events/channel.js';
import { MemoryAsyncEventStore, RedisAsyncEventStore } from './async_events/event-store.js';
import { InterimJobQueue } from './async_events/interim-queue.js';
import { MemoryAsyncJobStore, RedisAsyncJobStore } from './async_events/job-store.js';
import { registerAsyncEventRoutes } from './async_events/routes.js';
import { attachAsyncEventSocket } from './async_events/ws.js';
import { MemoryEventBus } from './events/bus.js';
import { ChartQueryLimits } from './chart_data/query-limits.js';
import { registerAnnotationLayers } from './annotation_layers/routes.js';
import {
  permissionViewsResource,
  permissionsResource,
  rolesResource,
  usersResource,
  viewMenusResource,
} from './security/admin-resources.js';
import { authPlugin } from './security/auth-plugin.js';
import { cookieSecureFor, LoginCsrf } from './security/login-csrf.js';
import { registerExploreRoutes } from './explore/routes.js';
import { PrincipalCache } from './security/principal-cache.js';
import { MetadataVersions } from './metadata/versions.js';
import { KeyRing } from './security/keys.js';
import {
  ensureAdminUser,
  syncPermissionCatalogue,
  type AdminBootstrapResult,
} from './security/repository.js';
import { registerRolePermissionRoutes } from './security/role-permission-routes.js';
import { registerAuthRoutes } from './security/routes.js';
import { SessionService } from './security/sessions.js';
import { LoginThrottle, MemoryAttemptCounter, RedisAttemptCounter } from './security/throttle.js';
import { TokenService } from './security/tokens.js';
import { registerWebRoutes } from './web/routes.js';
import { InProcessQueue } from './jobs/in-process-queue.js';
import {
  FileResultsBackend,
  RedisResultsBackend,
  type ResultsBackend,
} from './sqllab/results-backend.js';
import { registerSqlLabRoutes } from './sqllab/routes.js';
import { SqlLabService } from './sqllab/service.js';
import { EXAMPLES_FILE, installExamples, type InstallReport } from './examples/install.js';
import {
  exampleDashboardsOwner,
  installExampleDashboards,
  type ExampleDashboardsReport,
} from './examples/dashboards.js';
import { installSecurityHeaders } from './web/security-headers.js';
import { acquireCpuWork, cpuWorkOptionsOf } from './workers/cpu.js';

export interface StrataApp {
  app: FastifyInstance;
  store: MetadataStore;
  config: Config;
  admin: AdminBootstrapResult;
  examples: InstallReport | null;
  /** The example dashboards' import at this start; null when it was off. */
  exampleDashboards: ExampleDashboardsReport | null;
  close(): Promise<void>;
}

/** Where the built web app is when the server runs from this repository. */
export function defaultWebDist(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../web/dist');
  return fs.existsSync(path.join(candidate, 'index.html')) ? candidate : null;
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

/** Builds the app: metadata store migrated and seeded, every route registered. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<StrataApp> {
  const secret = resolveSecretKey(config.secretKey, config.dataDir);
  const keys = new KeyRing(secret);
  const store = openMetadataStore(config.metadataUrl, config.metadataDialect);
  const cpuWork = acquireCpuWork(cpuWorkOptionsOf(config));
  let redis: Redis | null = null;
  let connections: DatabaseConnections | null = null;
  try {
    await migrateToLatest(store.db as never, config.metadataDialect);
    await syncPermissionCatalogue(store.db);
    const admin = await ensureAdminUser(store.db, config.adminUsername, config.adminPassword);
    const examples = config.loadExamples
      ? await installExamples(store.db, config.dataDir, options.onProgress)
      : null;

    redis = config.redisUrl
      ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
      : null;
    const throttle = new LoginThrottle(
      redis ? new RedisAttemptCounter(redis) : new MemoryAttemptCounter(),
    );
    const sessions = new SessionService(store.db, keys, config.sessionLifetimeSeconds);
    const box = new SecretBox(keys);
    const engines =
      options.engines ?? defaultEngineRegistry({ allowedFunctions: config.sqlAllowedFunctions });
    // The default folder of file databases is made here, private (issue 16 point 8).
    for (const dir of config.fileDatabaseDirs)
      if (dir === path.join(config.dataDir, 'uploads'))
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    connections = new DatabaseConnections(
      store.db,
      engines,
      box,
      config.dataDir,
      [
        path.join(config.dataDir, SECRET_KEY_FILE),
        ...(config.metadataDialect === 'sqlite' ? [sqlitePathFromUrl(config.metadataUrl)] : []),
      ],
      {
        allowedDirs: config.fileDatabaseDirs,
        privateDirs: [path.join(config.dataDir, 'results')],
        examplesFile: path.join(config.dataDir, EXAMPLES_FILE),
      },
    );
    const tokens = new TokenService(keys);
    const versions = new MetadataVersions(store.db);
    const principals = new PrincipalCache(store.db, versions);
    const resultsTtlMs = config.resultsTtlSeconds * 1000;
    const results: ResultsBackend = redis
      ? new RedisResultsBackend(redis, resultsTtlMs)
      : new FileResultsBackend(path.join(config.dataDir, 'results'), resultsTtlMs);
    const bus = new MemoryEventBus();
    const asyncQueue = new InterimJobQueue((id, error) =>
      app.log.error({ err: error, job_id: id }, 'job failed'),
    );
    const sqlQueue = new InProcessQueue(config.sqllabWorkers, (id, error) =>
      app.log.error({ err: error, client_id: id }, 'SQL Lab job failed'),
    );
    const sqlLab = new SqlLabService(store.db, connections, results, sqlQueue, {
      defaultLimit: config.defaultSqllabLimit,
      maxRow: config.sqlMaxRow,
      timeoutMs: config.sqllabTimeoutSeconds * 1000,
      templating: config.featureFlags.ENABLE_TEMPLATE_PROCESSING !== false,
      resultsQuotas: {
        perQuery: config.resultsMaxBytesPerQuery,
        perUser: config.resultsMaxBytesPerUser,
        total: config.resultsMaxBytesTotal,
      },
    });
    await sqlLab.failOrphans();

    const app = Fastify({
      logger: options.logger === false ? false : { level: config.logLevel },
      routerOptions: { ignoreTrailingSlash: true },
      bodyLimit: 10 * 1024 * 1024,
      // X-Forwarded-* believed from these proxies only (issue 16 points 11, 18).
      trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
      logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandler(app);
    installSecurityHeaders(app);

    await app.register(cookie, { secret: keys.derive('cookie').toString('hex') });
    await app.register(formbody, { bodyLimit: 64 * 1024 });
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Strata API',
          version: '1.0.0',
          description: 'Superset-compatible REST API',
        },
        components: {
          securitySchemes: { jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ jwt: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(authPlugin, { db: store.db, principals, sessions, tokens });

    app.get(
      '/api/v1/_openapi',
      { config: { access: 'public' }, schema: { hide: true } },
      async () => app.swagger(),
    );

    const services = { db: store.db, dialect: config.metadataDialect };
    const dashboardAccess = { dashboardRbac: config.featureFlags.DASHBOARD_RBAC === true };
    registerHealthRoutes(app);
    const loginCsrf = new LoginCsrf(keys);
    registerAuthRoutes(app, {
      db: store.db,
      sessions,
      tokens,
      throttle,
      keys,
      loginCsrf,
      cookieSecure: config.cookieSecure,
      sessionLifetimeSeconds: config.sessionLifetimeSeconds,
    });
    for (const def of [
      usersResource(),
      rolesResource(),
      permissionsResource(),
      viewMenusResource(),
      permissionViewsResource(),
      dashboardsResource(dashboardAccess),
      chartsResource(dashboardAccess),
      datasetsResource(connections),
      databasesResource(box, engines, connections),
      savedQueriesResource(),
      queriesResource(),
    ]) {
      registerResource(app, def, services);
    }
    registerDashboardRoutes(app, services, connections, dashboardAccess);
    registerRolePermissionRoutes(app, store.db);
    registerDatabaseRoutes(app, store.db, connections);
    // Issue 16 point 2: one set of chart query limits for chart data and dataset samples.
    const chartLimits = new ChartQueryLimits({
      maxRows: config.sqlMaxRow,
      maxBytes: config.chartDataMaxBytes,
      totalBytes: config.chartDataTotalBytes,
      queriesPerUser: config.chartQueriesPerUser,
      queryQueuePerUser: config.chartQueryQueuePerUser,
      waitMs: config.chartQueryTimeoutSeconds * 1000,
    });
    registerDatasetRoutes(app, services, connections, chartLimits);
    registerUploadRoutes(app, services, connections);
    registerImportRoutes(app, services, { box, engines, connections });
    registerLogRoutes(app, store.db);
    registerTabStateRoutes(app, services);
    registerSqlLabBootstrap(app, services, config, engines);
    registerKeyValueRoutes(app, services, { sessions });
    registerSavedQueryRoutes(app, services);
    registerSqlLabRoutes(app, sqlLab, connections);
    registerTimeRangeRoutes(app);
    const chartData = buildChartDataService(services, connections, redis, {
      versions,
      dashboardRbac: dashboardAccess.dashboardRbac,
      templating: config.featureFlags.ENABLE_TEMPLATE_PROCESSING !== false,
      timeoutMs: config.chartQueryTimeoutSeconds * 1000,
      annotationTimeoutMs: config.annotationTimeoutSeconds * 1000,
      defaultCacheTimeout: config.cacheDefaultTimeoutSeconds,
      results,
      limits: chartLimits,
    });
    // GLOBAL_ASYNC_QUERIES (helper "async"). INTERIM: the bus and the queue come from
    // services.ts, and the handler is registered by worker.ts, once those land.
    const asyncOn = config.featureFlags.GLOBAL_ASYNC_QUERIES === true;
    const asyncEvents = redis
      ? new RedisAsyncEventStore(redis, bus)
      : new MemoryAsyncEventStore(bus);
    const asyncChart = new AsyncChartData({
      service: chartData,
      jobs: redis ? new RedisAsyncJobStore(redis) : new MemoryAsyncJobStore(),
      events: asyncEvents,
      queue: asyncQueue,
      principals,
      onError: (err, job) => app.log.error({ err, job_id: job.jobId }, 'async chart data failed'),
    });
    asyncQueue.work(
      { 'chart_data.execute': (payload, job) => asyncChart.handle(payload, job) },
      config.sqllabWorkers,
    );
    const channelOf = (req: FastifyRequest) => asyncChannelId(keys, req);
    registerChartDataRoutes(app, services, chartData, {
      chart: asyncChart,
      channelOf,
      enabled: asyncOn,
    });
    if (asyncOn) {
      registerAsyncEventRoutes(app, asyncEvents, channelOf);
      attachAsyncEventSocket(app, {
        events: asyncEvents,
        bus,
        keys,
        auth: { db: store.db, principals, sessions, tokens },
      });
    }
    registerAnnotationLayers(app, services);
    registerExportRoutes(app, services, dashboardAccess);
    registerExploreRoutes(app, services, connections, results);
    registerWebRoutes(app, {
      distDir: config.webDistDir ?? defaultWebDist(),
      featureFlags: config.featureFlags,
      csrfTokenFor: (req) => (req.sessionId ? sessions.csrfToken(req.sessionId) : null),
      loginCsrfTokenFor: (req, reply) =>
        loginCsrf.issue(req, reply, cookieSecureFor(req, config.cookieSecure)),
    });

    let exampleDashboards: ExampleDashboardsReport | null = null;
    if (examples && config.loadExampleDashboards) {
      const ownerId = await exampleDashboardsOwner(store.db, config.adminUsername);
      if (ownerId === null) {
        const message = 'example dashboards: not installed, there is no active Admin user';
        options.onProgress?.(message);
        app.log.warn(message);
      } else {
        exampleDashboards = await installExampleDashboards(
          store.db,
          { dialect: config.metadataDialect, box, engines, connections },
          ownerId,
          options.onProgress,
          options.exampleDashboardsDir,
        );
        for (const f of exampleDashboards.failed)
          app.log.warn({ bundle: f.bundle }, `example dashboard not installed: ${f.message}`);
      }
    }

    await app.ready();
    // What the data dir already held (or what this start made under a looser umask): private.
    tightenExisting(
      config.dataDir,
      config.metadataDialect === 'sqlite'
        ? sqliteCompanions(sqlitePathFromUrl(config.metadataUrl))
        : [],
      (message) => app.log.warn(message),
    );
    const purge = setInterval(() => {
      void sessions.purgeExpired().catch(() => undefined);
      void results.purgeExpired().catch(() => undefined);
    }, 3600_000);
    purge.unref();
    return {
      app,
      store,
      config,
      admin,
      examples,
      exampleDashboards,
      async close() {
        clearInterval(purge);
        sqlLab.abortAll();
        await sqlQueue.close();
        await asyncQueue.close();
        await app.close();
        await bus.close();
        await connections?.closeAll();
        await store.close();
        if (redis) redis.disconnect();
        await cpuWork.release();
      },
    };
  } catch (e) {
    await connections?.closeAll();
    if (redis) redis.disconnect();
    await store.close();
    await cpuWork.release();
    throw e;
  }
}
