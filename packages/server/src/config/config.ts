import path from 'node:path';
import {
  DEFAULT_SQL_MAX_ROW,
  DEFAULT_SQLLAB_LIMIT,
  DEFAULT_SQLLAB_TIMEOUT_SECONDS,
} from '@strata/core';
import { z } from 'zod';

/** Feature flags known to the app, with their defaults. Unknown flags are kept as given. */
export const DEFAULT_FEATURE_FLAGS: Record<string, boolean> = {
  SQLLAB_BACKEND_PERSISTENCE: true,
  DASHBOARD_CROSS_FILTERS: true,
  DASHBOARD_NATIVE_FILTERS: true,
  DASHBOARD_RBAC: false,
  ENABLE_TEMPLATE_PROCESSING: true,
  ESCAPE_MARKDOWN_HTML: false,
  GLOBAL_ASYNC_QUERIES: false,
  CONFIRM_DASHBOARD_DIFF: false,
  TAGGING_SYSTEM: false,
};

export type MetadataDialect = 'sqlite' | 'postgresql';

/** The app's one typed configuration, read from the environment once. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  metadataUrl: string;
  metadataDialect: MetadataDialect;
  /** Explicit secret key from STRATA_SECRET_KEY; when null, one is generated and kept in the data dir. */
  secretKey: string | null;
  adminUsername: string;
  adminPassword: string | null;
  redisUrl: string | null;
  featureFlags: Record<string, boolean>;
  /** Set the Secure flag on the session cookie (behind HTTPS). */
  cookieSecure: boolean;
  /** Lifetime of a browser session, in seconds. */
  sessionLifetimeSeconds: number;
  logLevel: string;
  /** Directory holding the built web app (index.html and assets); null serves no web app. */
  webDistDir: string | null;
  /** Load the example data into the embedded DuckDB "examples" database on start. */
  loadExamples: boolean;
  /** With `loadExamples`, also import Superset's example dashboards (those missing) on start. */
  loadExampleDashboards: boolean;
  /** The most rows a SQL Lab query may return (Superset's SQL_MAX_ROW). */
  sqlMaxRow: number;
  /** The row limit a new SQL Lab tab asks for (DEFAULT_SQLLAB_LIMIT); at most `sqlMaxRow`. */
  defaultSqllabLimit: number;
  /** A SQL Lab query running longer is stopped and marked timed_out (seconds). */
  sqllabTimeoutSeconds: number;
  /** Asynchronous SQL Lab queries run at most this many at a time in this process. */
  sqllabWorkers: number;
  /** Stored SQL Lab results are kept this long (seconds). */
  resultsTtlSeconds: number;
  /**
   * A chart data query running longer is cancelled (Superset's SUPERSET_WEBSERVER_TIMEOUT,
   * seconds); the web app's chart requests wait this long too.
   */
  chartQueryTimeoutSeconds: number;
  /** An annotation layer's chart query running longer fails with "Query timeout for annotations". */
  annotationTimeoutSeconds: number;
  /** Chart data results are cached this long unless the dataset or database says otherwise; 0 keeps them until evicted. */
  cacheDefaultTimeoutSeconds: number;
  // Issue 16, points 3 and 5: CPU-bound work (templates, SQL parsing, bundles) in worker threads.
  /** Worker threads for CPU-bound work, at most. */
  cpuWorkers: number;
  /** V8 old-generation memory of each of those worker threads, in MB. */
  cpuWorkerMemoryMb: number;
  /** Time a SQL Lab script's parsing or an import bundle's reading may take, in seconds. */
  cpuTaskTimeoutSeconds: number;
  /** Time the Jinja templates of one request may take to render, in milliseconds. */
  templateTimeoutMs: number;
}

export class ConfigError extends Error {}

const boolText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), {
    message: 'expected true or false',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

function parseFeatureFlags(text: string | undefined): Record<string, boolean> {
  const flags = { ...DEFAULT_FEATURE_FLAGS };
  if (!text || !text.trim()) return flags;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError('STRATA_FEATURE_FLAGS must be a JSON object of flag names to true/false');
  }
  const result = z.record(z.string(), z.boolean()).safeParse(parsed);
  if (!result.success) {
    throw new ConfigError('STRATA_FEATURE_FLAGS must be a JSON object of flag names to true/false');
  }
  return { ...flags, ...result.data };
}

function dialectOf(url: string): MetadataDialect {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('postgresql:') || url.startsWith('postgres:')) return 'postgresql';
  throw new ConfigError(
    'STRATA_METADATA_URL must start with sqlite:/// or postgresql:// (got an unsupported scheme)',
  );
}

/** Reads the configuration from an environment (process.env by default). Throws ConfigError on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const portText = env.STRATA_PORT ?? '8088';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`STRATA_PORT must be a port number, got "${portText}"`);
  }
  const dataDir = path.resolve(cwd, env.STRATA_DATA_DIR || './data');
  const metadataUrl = env.STRATA_METADATA_URL || `sqlite:///${path.join(dataDir, 'strata.db')}`;
  const secretKey = env.STRATA_SECRET_KEY ?? null;
  if (secretKey !== null && secretKey.length < 32) {
    throw new ConfigError('STRATA_SECRET_KEY must be at least 32 characters long');
  }
  const flag = (name: string, fallback: boolean): boolean => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    const r = boolText.safeParse(v);
    if (!r.success) throw new ConfigError(`${name} must be true or false, got "${v}"`);
    return r.data;
  };
  const lifetimeText = env.STRATA_SESSION_LIFETIME_SECONDS ?? String(7 * 24 * 3600);
  const sessionLifetimeSeconds = Number(lifetimeText);
  if (!Number.isInteger(sessionLifetimeSeconds) || sessionLifetimeSeconds < 60) {
    throw new ConfigError('STRATA_SESSION_LIFETIME_SECONDS must be a whole number of seconds ≥ 60');
  }
  const positive = (name: string, fallback: number): number => {
    const v = env[name];
    if (v === undefined || v.trim() === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000_000) {
      throw new ConfigError(`${name} must be a whole number ≥ 1, got "${v}"`);
    }
    return n;
  };
  const sqlMaxRow = positive('STRATA_SQL_MAX_ROW', DEFAULT_SQL_MAX_ROW);
  const defaultSqllabLimit = positive(
    'STRATA_DEFAULT_SQLLAB_LIMIT',
    Math.min(DEFAULT_SQLLAB_LIMIT, sqlMaxRow),
  );
  if (defaultSqllabLimit > sqlMaxRow) {
    throw new ConfigError(
      `STRATA_DEFAULT_SQLLAB_LIMIT (${defaultSqllabLimit}) must not exceed STRATA_SQL_MAX_ROW (${sqlMaxRow})`,
    );
  }
  const sqllabTimeoutSeconds = positive(
    'STRATA_SQLLAB_TIMEOUT_SECONDS',
    DEFAULT_SQLLAB_TIMEOUT_SECONDS,
  );
  const sqllabWorkers = positive('STRATA_SQLLAB_WORKERS', 4);
  const resultsTtlSeconds = positive('STRATA_RESULTS_TTL_SECONDS', 24 * 3600);
  const chartQueryTimeoutSeconds = positive('STRATA_CHART_QUERY_TIMEOUT_SECONDS', 60);
  const annotationTimeoutSeconds = positive('STRATA_ANNOTATION_TIMEOUT_SECONDS', 60);
  const cacheText = env.STRATA_CACHE_DEFAULT_TIMEOUT_SECONDS;
  const cacheDefaultTimeoutSeconds =
    cacheText === undefined || cacheText.trim() === '' ? 24 * 3600 : Number(cacheText);
  if (
    !Number.isInteger(cacheDefaultTimeoutSeconds) ||
    cacheDefaultTimeoutSeconds < 0 ||
    cacheDefaultTimeoutSeconds > 1_000_000_000
  ) {
    throw new ConfigError(
      `STRATA_CACHE_DEFAULT_TIMEOUT_SECONDS must be a whole number ≥ 0, got "${cacheText}"`,
    );
  }
  // Issue 16, points 3 and 5: CPU-bound work in worker threads.
  const cpuWorkers = positive('STRATA_CPU_WORKERS', 2);
  const cpuWorkerMemoryMb = positive('STRATA_CPU_WORKER_MEMORY_MB', 512);
  if (cpuWorkerMemoryMb < 64)
    throw new ConfigError(
      `STRATA_CPU_WORKER_MEMORY_MB must be at least 64, got ${cpuWorkerMemoryMb}`,
    );
  const cpuTaskTimeoutSeconds = positive('STRATA_CPU_TASK_TIMEOUT_SECONDS', 60);
  const templateTimeoutMs = positive('STRATA_TEMPLATE_TIMEOUT_MS', 1000);
  const webDist = env.STRATA_WEB_DIST;
  return {
    port,
    host: env.STRATA_HOST || '0.0.0.0',
    dataDir,
    metadataUrl,
    metadataDialect: dialectOf(metadataUrl),
    secretKey,
    adminUsername: env.STRATA_ADMIN_USERNAME || 'admin',
    adminPassword: env.STRATA_ADMIN_PASSWORD || null,
    redisUrl: env.STRATA_REDIS_URL || null,
    featureFlags: parseFeatureFlags(env.STRATA_FEATURE_FLAGS),
    cookieSecure: flag('STRATA_COOKIE_SECURE', false),
    sessionLifetimeSeconds,
    logLevel: env.STRATA_LOG_LEVEL || 'info',
    webDistDir: webDist === undefined ? null : webDist === '' ? null : path.resolve(cwd, webDist),
    loadExamples: flag('STRATA_LOAD_EXAMPLES', true),
    loadExampleDashboards: flag('STRATA_LOAD_EXAMPLE_DASHBOARDS', true),
    sqlMaxRow,
    defaultSqllabLimit,
    sqllabTimeoutSeconds,
    sqllabWorkers,
    resultsTtlSeconds,
    chartQueryTimeoutSeconds,
    annotationTimeoutSeconds,
    cacheDefaultTimeoutSeconds,
    // Issue 16, points 3 and 5.
    cpuWorkers,
    cpuWorkerMemoryMb,
    cpuTaskTimeoutSeconds,
    templateTimeoutMs,
  };
}
