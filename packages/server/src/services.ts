/**
 * The app's services, built without HTTP: the metadata store, keys, engines and connections,
 * Redis, the results backend, the chart data cache, limits and service, SQL Lab, the job queue
 * and the event bus. The web role serves them over HTTP (`web.ts`), the worker role runs jobs
 * with them (`worker.ts`); both build them here, the same way. No route builds a service.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import {
  MemoryAsyncEventStore,
  RedisAsyncEventStore,
  type AsyncEventStore,
} from './async_events/event-store.js';
import { MemoryAsyncJobStore, RedisAsyncJobStore } from './async_events/job-store.js';
import { AsyncChartData } from './chart_data/async.js';
import {
  MemoryChartDataCache,
  RedisChartDataCache,
  type ChartDataCache,
} from './chart_data/cache.js';
import { ChartQueryLimits } from './chart_data/query-limits.js';
import { ChartDataService } from './chart_data/service.js';
import type { Config } from './config/config.js';
import { resolveSecretKey, SECRET_KEY_FILE } from './config/secret-key.js';
import { SecretBox } from './crypto/secret-box.js';
import { DatabaseConnections } from './databases/connections.js';
import { defaultEngineRegistry } from './engines/index.js';
import type { EngineRegistry } from './engines/registry.js';
import { MemoryEventBus, type EventBus } from './events/bus.js';
import { sharedChartCache } from './chart_data/local-copies.js';
import { RedisEventBus } from './events/redis-bus.js';
import { BullMqQueue } from './jobs/bullmq-queue.js';
import { InstanceRegistry, newInstanceId } from './runtime/instances.js';
import { EXAMPLES_FILE } from './examples/install.js';
import { InProcessQueue } from './jobs/in-process-queue.js';
import {
  MemoryExportChannel,
  RedisExportChannel,
  type ExportChannel,
} from './sqllab/export-channel.js';
import { CsvExportService } from './sqllab/export.js';
import type { JobName, JobQueue } from './jobs/types.js';
import {
  openMetadataStore,
  sqlitePathFromUrl,
  type MetadataDb,
  type MetadataStore,
} from './metadata/db.js';
import { MetadataVersions } from './metadata/versions.js';
import { KeyRing } from './security/keys.js';
import { LoginCsrf } from './security/login-csrf.js';
import { PrincipalCache } from './security/principal-cache.js';
import { SessionService } from './security/sessions.js';
import { LoginThrottle, MemoryAttemptCounter, RedisAttemptCounter } from './security/throttle.js';
import { TokenService } from './security/tokens.js';
import {
  FileResultsBackend,
  RedisResultsBackend,
  type ResultsBackend,
} from './sqllab/results-backend.js';
import { SqlLabService } from './sqllab/service.js';
import { ReportRunner } from './reports/executor.js';
import { createNotifier } from './reports/notifications/index.js';
import type { Notifier } from './reports/notifications/types.js';
import { readRecipients } from './reports/recipients.js';
import { createScreenshotter } from './reports/screenshots/capture.js';
import type { Screenshotter } from './reports/screenshots/types.js';
import { ThumbnailService } from './thumbnails/service.js';
import { MemoryThumbnailStore, RedisThumbnailStore } from './thumbnails/store.js';
import { acquireCpuWork, cpuWorkOptionsOf } from './workers/cpu.js';

export interface Services {
  config: Config;
  /** This process's id among the install's processes (`strata_instance`). */
  instanceId: string;
  store: MetadataStore;
  db: MetadataDb;
  keys: KeyRing;
  box: SecretBox;
  engines: EngineRegistry;
  connections: DatabaseConnections;
  redis: Redis | null;
  sessions: SessionService;
  tokens: TokenService;
  throttle: LoginThrottle;
  loginCsrf: LoginCsrf;
  versions: MetadataVersions;
  principals: PrincipalCache;
  results: ResultsBackend;
  chartCache: ChartDataCache;
  chartLimits: ChartQueryLimits;
  chartData: ChartDataService;
  queue: JobQueue;
  bus: EventBus;
  /** The events of async jobs (GLOBAL_ASYNC_QUERIES): Redis streams, or in memory. */
  asyncEvents: AsyncEventStore;
  /** Async chart data: starts `chart_data.execute` jobs, runs them, answers their results. */
  asyncChart: AsyncChartData;
  sqlLab: SqlLabService;
  /** SQL Lab's full-result CSV downloads (`sqllab.export_csv` jobs through an export channel). */
  csvExports: CsvExportService;
  /** This install's processes: this one's heartbeat, and the sweep of lost workers' queries. */
  instances: InstanceRegistry;
  /** Logs a failure of a background job (the web role replaces it with Fastify's logger). */
  logJobError: (jobId: string, name: JobName, error: unknown) => void;
  /** Logs what background work did (report deliveries); the web role uses Fastify's logger. */
  logInfo: (message: string, data?: Record<string, unknown>) => void;
  /** Alerts & reports: delivery to e-mail, Slack and webhooks. */
  notifier: Notifier;
  /** Alerts & reports: runs `report.execute` (content, delivery, log). */
  reports: ReportRunner;
  /** Thumbnails (THUMBNAILS): digests, the picture store, the `thumbnail.*` jobs. */
  thumbnails: ThumbnailService;
  /**
   * Where this process's app answers, once it listens (the web role): the report browser's
   * base URL when STRATA_WEBDRIVER_BASEURL is not set.
   */
  setListenUrl(url: string): void;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** Engines to use instead of the shipped ones (tests). */
  engines?: EngineRegistry;
  /** The metadata store, when the caller opened it (init); else opened here. */
  store?: MetadataStore;
}

/** Builds every service over an opened (and migrated) metadata store. */
export async function buildServices(
  config: Config,
  options: ServiceOptions = {},
): Promise<Services> {
  const secret = resolveSecretKey(config.secretKey, config.dataDir);
  const keys = new KeyRing(secret);
  const store = options.store ?? openMetadataStore(config.metadataUrl, config.metadataDialect);
  const closers: Array<() => Promise<void> | void> = [];
  let cpuWork: { release(): Promise<void> } | null = null;
  try {
    cpuWork = acquireCpuWork(cpuWorkOptionsOf(config));
    const redis = config.redisUrl
      ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
      : null;
    if (redis) closers.push(() => redis.disconnect());
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
    const connections = new DatabaseConnections(
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
        // Issue 17: only the embedded process writes the examples file; every process of a
        // scaled-out install opens it read-only, so any number of them read it at once.
        examplesReadOnly: !config.embedded,
      },
    );
    closers.push(() => connections.closeAll());
    const tokens = new TokenService(keys);
    const versions = new MetadataVersions(store.db);
    const principals = new PrincipalCache(store.db, versions);
    const resultsTtlMs = config.resultsTtlSeconds * 1000;
    const results: ResultsBackend = redis
      ? new RedisResultsBackend(redis, resultsTtlMs)
      : new FileResultsBackend(path.join(config.dataDir, 'results'), resultsTtlMs);
    const logRedisError = (error: Error) => console.error(`Redis: ${error.message}`);
    const bus: EventBus = config.redisUrl
      ? new RedisEventBus(config.redisUrl, `${config.redisPrefix}:`, logRedisError)
      : new MemoryEventBus();
    closers.push(() => bus.close());
    const chartCache: ChartDataCache = redis
      ? sharedChartCache(new RedisChartDataCache(redis), bus, config.chartCacheLocalSeconds)
      : new MemoryChartDataCache();
    // Issue 16 point 2: one set of chart query limits for chart data and dataset samples.
    const chartLimits = new ChartQueryLimits({
      maxRows: config.sqlMaxRow,
      maxBytes: config.chartDataMaxBytes,
      totalBytes: config.chartDataTotalBytes,
      queriesPerUser: config.chartQueriesPerUser,
      queryQueuePerUser: config.chartQueryQueuePerUser,
      waitMs: config.chartQueryTimeoutSeconds * 1000,
    });
    const chartData = new ChartDataService(store.db, connections, chartCache, {
      versions,
      dashboardRbac: config.featureFlags.DASHBOARD_RBAC === true,
      permissionInstructionsLink: config.permissionInstructionsLink,
      templating: config.featureFlags.ENABLE_TEMPLATE_PROCESSING !== false,
      advancedDataTypes: config.featureFlags.ENABLE_ADVANCED_DATA_TYPES === true,
      timeoutMs: config.chartQueryTimeoutSeconds * 1000,
      annotationTimeoutMs: config.annotationTimeoutSeconds * 1000,
      defaultCacheTimeout: config.cacheDefaultTimeoutSeconds,
      results,
      limits: chartLimits,
    });

    const services = {} as Services;
    const logJobError = (jobId: string, name: JobName, error: unknown) =>
      services.logJobError(jobId, name, error);
    const queue: JobQueue = config.redisUrl
      ? new BullMqQueue({
          redisUrl: config.redisUrl,
          prefix: config.redisPrefix,
          leaseSeconds: config.jobLeaseSeconds,
          onError: (jobId, name, error) => logJobError(jobId, name as JobName, error),
          onConnectionError: logRedisError,
        })
      : new InProcessQueue(logJobError);
    closers.push(() => queue.close());
    const asyncEvents: AsyncEventStore = redis
      ? new RedisAsyncEventStore(redis, bus, { prefix: config.redisPrefix })
      : new MemoryAsyncEventStore(bus);
    const asyncChart = new AsyncChartData({
      service: chartData,
      jobs: redis ? new RedisAsyncJobStore(redis, config.redisPrefix) : new MemoryAsyncJobStore(),
      events: asyncEvents,
      queue,
      principals,
      onError: (error, job) => logJobError(`chart_data:${job.jobId}`, 'chart_data.execute', error),
    });
    const instanceId = newInstanceId();
    const instances = new InstanceRegistry({
      db: store.db,
      leaseSeconds: config.jobLeaseSeconds,
      instanceId,
      onError: (error) => console.error('Instance heartbeat or sweep failed:', error),
    });
    closers.push(() => instances.stop());
    const sqlLab = new SqlLabService(store.db, connections, results, queue, bus, {
      instanceId,
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
    closers.push(() => sqlLab.close());
    // The export channel follows the queue: in memory when jobs run in this process, Redis lists
    // when a worker process may run them.
    const exportChannel: ExportChannel =
      redis && queue.kind === 'bullmq'
        ? new RedisExportChannel(redis, bus, config.redisPrefix)
        : new MemoryExportChannel();
    closers.push(() => exportChannel.close());
    const csvExports = new CsvExportService({
      db: store.db,
      sqlLab,
      connections,
      principals,
      queue,
      channel: exportChannel,
      settings: {
        maxRows: config.csvExportMaxRows,
        idleMs: config.sqllabTimeoutSeconds * 1000,
      },
    });

    // What background work did, as the web role's Fastify logger writes it (pino, JSON lines).
    const logger = pino({ level: config.logLevel });
    // Alerts & reports (issue 18). The browser is started on the first capture only.
    let listenUrl: string | null = null;
    const notifier = createNotifier(config.reports, (message, data) =>
      services.logInfo(message, data),
    );
    closers.push(() => notifier.close());
    let screenshotter: Screenshotter | null = null;
    const screenshots = (): Screenshotter => {
      if (!screenshotter) {
        const base =
          !config.reports.webdriverBaseUrlSet && listenUrl
            ? listenUrl
            : config.reports.webdriverBaseUrl;
        screenshotter = createScreenshotter({
          config: { reports: { ...config.reports, webdriverBaseUrl: base } },
          sessions,
          keys,
          db: store.db,
          log: (message, data) => services.logInfo(message, data),
        });
      }
      return screenshotter;
    };
    closers.push(() => screenshotter?.close());
    const reports = new ReportRunner({
      db: store.db,
      config,
      principals,
      chartData,
      connections,
      notifier,
      screenshotter: screenshots,
      recipients: (reportId) => readRecipients(store.db, box, reportId),
      log: (message, data) => services.logInfo(message, data),
    });

    // Thumbnails (issue 21 point 7): pictures through the same screenshotter, kept in Redis
    // (shared by every process) or in this process's memory.
    const thumbnails = new ThumbnailService({
      db: store.db,
      dialect: config.metadataDialect,
      config: config.thumbnails,
      loadWaitSeconds: config.reports.screenshotLoadWait,
      store: redis
        ? new RedisThumbnailStore(redis, config.redisPrefix)
        : new MemoryThumbnailStore(),
      queue,
      principals,
      screenshotter: screenshots,
      dashboardAccess: { dashboardRbac: config.featureFlags.DASHBOARD_RBAC === true },
      log: (message, data) => services.logInfo(message, data),
    });

    const lease = cpuWork;
    Object.assign(services, {
      config,
      instanceId,
      store,
      db: store.db,
      keys,
      box,
      engines,
      connections,
      redis,
      sessions,
      tokens,
      throttle,
      loginCsrf: new LoginCsrf(keys),
      versions,
      principals,
      results,
      chartCache,
      chartLimits,
      chartData,
      queue,
      bus,
      asyncEvents,
      asyncChart,
      sqlLab,
      csvExports,
      instances,
      logJobError: (jobId: string, name: JobName, error: unknown) =>
        console.error(`Job ${name} ${jobId} failed:`, error),
      logInfo: (message: string, data?: Record<string, unknown>) =>
        logger.info(data ?? {}, message),
      notifier,
      reports,
      thumbnails,
      setListenUrl(url: string) {
        listenUrl = url.endsWith('/') ? url : `${url}/`;
      },
      async close() {
        // In reverse order of building: jobs stop before the connections they use close.
        for (const close of [...closers].reverse())
          await Promise.resolve(close()).catch(() => undefined);
        await store.close();
        await lease.release();
      },
    } satisfies Services);
    return services;
  } catch (e) {
    for (const close of [...closers].reverse())
      await Promise.resolve(close()).catch(() => undefined);
    await store.close();
    await cpuWork?.release();
    throw e;
  }
}
