import { Cron } from 'croner';
import { isIP } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import {
  DEFAULT_FEATURE_FLAGS as CORE_DEFAULT_FEATURE_FLAGS,
  DEFAULT_SQL_MAX_ROW,
  DEFAULT_SQLLAB_LIMIT,
  DEFAULT_SQLLAB_TIMEOUT_SECONDS,
  normalizeOrigin,
  scheduledQueriesConfSchema,
  type ScheduledQueriesConf,
} from '@strata/core';
import { z } from 'zod';
import { ConfigError } from './config-error.js';
import { loadReportsConfig, type ReportsConfig } from './reports-config.js';
import { loadThumbnailsConfig, type ThumbnailsConfig } from './thumbnails-config.js';

/** Feature flags known to the app, with their defaults (core's). Unknown flags are kept as given. */
export const DEFAULT_FEATURE_FLAGS: Record<string, boolean> = { ...CORE_DEFAULT_FEATURE_FLAGS };

/** An optional http(s) address from the environment (null when unset). */
export function parseHttpUrl(name: string, value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(`${name} must be an http or https address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an http or https address`);
  return url.toString();
}

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
  /**
   * Where a user refused a dataset learns how to ask for access (Superset's
   * PERMISSION_INSTRUCTIONS_LINK): sent with the refusal, shown as "Request Access".
   */
  permissionInstructionsLink: string | null;
  /**
   * Origins (`https://cdn.example.com`) dynamic plugin bundles may be loaded from besides this
   * server: added to the pages' CSP `script-src` and required of a bundle URL on another origin.
   */
  dynamicPluginOrigins: string[];
  /**
   * The deck.gl charts' base map: a raster tile URL template with {z}, {x} and {y}, http(s)
   * or a path on this server (STRATA_DECKGL_TILE_URL); null draws no base map. Its origin is
   * added to the pages' CSP (img-src, connect-src).
   */
  deckglTileUrl: string | null;
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
  /**
   * The most rows a full-result CSV export (SQL Lab's "Download to CSV", a chart's "Export to
   * .CSV (full)") writes; null: no cap (`STRATA_CSV_EXPORT_MAX_ROWS` unset).
   */
  csvExportMaxRows: number | null;
  /** The row limit a new SQL Lab tab asks for (DEFAULT_SQLLAB_LIMIT); at most `sqlMaxRow`. */
  defaultSqllabLimit: number;
  /** A SQL Lab query running longer is stopped and marked timed_out (seconds). */
  sqllabTimeoutSeconds: number;
  /** Asynchronous SQL Lab queries run at most this many at a time in this process. */
  sqllabWorkers: number;
  /** Stored SQL Lab results are kept this long (seconds). */
  resultsTtlSeconds: number;
  // Issue 16 point 8 (metadata helper): where file databases (SQLite, DuckDB) may live.
  /** Folders (absolute) that file databases must be inside (STRATA_FILE_DATABASE_DIRS). */
  fileDatabaseDirs: string[];
  /**
   * A chart data query running longer is cancelled (Superset's SUPERSET_WEBSERVER_TIMEOUT,
   * seconds); the web app's chart requests wait this long too.
   */
  chartQueryTimeoutSeconds: number;
  /**
   * The nice value every thread of a server process but the main one runs at (query threads
   * yield the CPU to the thread answering requests; runtime/thread-priority.ts). 0: all alike.
   */
  backgroundThreadNice: number;
  /** An annotation layer's chart query running longer fails with "Query timeout for annotations". */
  annotationTimeoutSeconds: number;
  /** Chart data results are cached this long unless the dataset or database says otherwise; 0 keeps them until evicted. */
  cacheDefaultTimeoutSeconds: number;
  /**
   * Issue 17: with Redis, how long a process serves chart data from its own copy of a Redis
   * entry (a replacement by another process drops the copy at once); 0 reads Redis every time.
   */
  chartCacheLocalSeconds: number;
  // Issue 16 point 1 (SQL fragments).
  /**
   * Functions non-admins may call in SQL fragments, beyond each engine's allow list
   * (STRATA_SQL_ALLOWED_FUNCTIONS): engine name (or `*` for every engine) -> function names.
   */
  sqlAllowedFunctions: Record<string, string[]>;
  /**
   * The schedule form SQL Lab offers for saved queries (STRATA_SCHEDULED_QUERIES, Superset's
   * SCHEDULED_QUERIES: JSONSCHEMA, UISCHEMA, VALIDATION, linkback); null: no Schedule action.
   */
  scheduledQueries: ScheduledQueriesConf | null;
  // Issue 16 point 10 (sqllab helper): SQL Lab results quotas, in bytes; 0 turns one off.
  /** The most bytes one query's stored results may take (STRATA_RESULTS_MAX_BYTES_PER_QUERY). */
  resultsMaxBytesPerQuery: number;
  /** The most bytes one user's stored results may take together (…_PER_USER). */
  resultsMaxBytesPerUser: number;
  /** The most bytes all stored results may take (STRATA_RESULTS_MAX_BYTES_TOTAL). */
  resultsMaxBytesTotal: number;
  // --- issue 16 points 11, 18 (auth): trusted proxies ---
  /**
   * Addresses and CIDR ranges of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are
   * believed (Fastify's `trustProxy`); empty believes none.
   */
  trustedProxies: string[];
  // --- end of issue 16 points 11, 18 ---
  // Issue 16 point 2 (memory): chart data limits.
  /** The bytes one chart query (with its time offsets) may bring into memory; past it: 422. */
  chartDataMaxBytes: number;
  /** The bytes all chart queries in flight may hold together; past it: 503. */
  chartDataTotalBytes: number;
  /** Chart queries of one user running at once (the batch endpoint runs as many). */
  chartQueriesPerUser: number;
  /** Chart queries of one user waiting for a slot; past it: 429. */
  chartQueryQueuePerUser: number;
  // Issue 16, points 3 and 5: CPU-bound work (templates, SQL parsing, bundles) in worker threads.
  /** Worker threads for CPU-bound work, at most. */
  cpuWorkers: number;
  /** V8 old-generation memory of each of those worker threads, in MB. */
  cpuWorkerMemoryMb: number;
  /** Time a SQL Lab script's parsing or an import bundle's reading may take, in seconds. */
  cpuTaskTimeoutSeconds: number;
  /** Time the Jinja templates of one request may take to render, in milliseconds. */
  templateTimeoutMs: number;
  // Issue 17: roles and jobs.
  /** What this process does (STRATA_ROLES): serve HTTP, run jobs, fire schedules. */
  roles: ReadonlySet<Role>;
  /**
   * One process runs the whole install (STRATA_ROLES unset, the default): it migrates and loads
   * the examples at start and writes the examples DuckDB file. A process started with
   * STRATA_ROLES is one of several: it expects `init` to have run and reads the examples file
   * read-only, so any number of them run at once.
   */
  embedded: boolean;
  /** Jobs one worker process runs at once (STRATA_WORKER_CONCURRENCY). */
  workerConcurrency: number;
  /** A running job whose worker has not been heard of for this long is failed (seconds). */
  jobLeaseSeconds: number;
  /** How the web app receives async query events (GLOBAL_ASYNC_QUERIES_TRANSPORT). */
  asyncQueriesTransport: 'polling' | 'ws';
  /** When the housekeeping job runs (cron, optionally with seconds; STRATA_MAINTENANCE_SCHEDULE). */
  maintenanceSchedule: string;
  /**
   * The name the job queue, the event bus and the async events take in Redis
   * (STRATA_REDIS_PREFIX): installs (or test servers) sharing one Redis keep apart by it.
   */
  redisPrefix: string;
  /** Alerts & reports (issue 18): delivery, executor, screenshots, limits. */
  reports: ReportsConfig;
  /** Thumbnails (issue 21 point 7, THUMBNAILS): executor, how long pictures and failures keep. */
  thumbnails: ThumbnailsConfig;
}

export const ROLES = ['web', 'worker', 'scheduler'] as const;
export type Role = (typeof ROLES)[number];

/** STRATA_ROLES: a comma list of roles (default all three). */
export function parseRoles(value: string | undefined): ReadonlySet<Role> {
  if (value === undefined || value.trim() === '') return new Set(ROLES);
  const roles = new Set<Role>();
  for (const part of value.split(',')) {
    const name = part.trim();
    if (name === '') continue;
    if (!(ROLES as readonly string[]).includes(name)) {
      throw new ConfigError(
        `STRATA_ROLES must be a comma list of ${ROLES.join(', ')}; "${name}" is not a role`,
      );
    }
    roles.add(name as Role);
  }
  if (roles.size === 0) throw new ConfigError('STRATA_ROLES names no role');
  return roles;
}

export { ConfigError };

const BYTE_UNITS: Record<string, number> = {
  '': 1,
  k: 2 ** 10,
  m: 2 ** 20,
  g: 2 ** 30,
  t: 2 ** 40,
};

/**
 * A byte size: a whole number of bytes, or with a binary unit (`512M`, `512MiB`, `10GB`,
 * `1t`: powers of 1024); null when the text is not one.
 */
export function parseByteSize(text: string): number | null {
  const m = /^\s*(\d+)\s*(?:([kmgt])(?:i?b)?)?\s*$/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]) * BYTE_UNITS[(m[2] ?? '').toLowerCase()]!;
  return Number.isSafeInteger(n) ? n : null;
}
// --- issue 16 points 11, 18 (auth): trusted proxies ---
/** Parses STRATA_TRUSTED_PROXIES: addresses or CIDR ranges, separated by commas or spaces. */
export function parseTrustedProxies(text: string | undefined): string[] {
  const items = (text ?? '').split(/[\s,]+/).filter(Boolean);
  for (const item of items) {
    const [address, prefix, ...rest] = item.split('/');
    const family = isIP(address ?? '');
    const max = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= max);
    if (!family || !prefixOk || rest.length > 0) {
      throw new ConfigError(
        `STRATA_TRUSTED_PROXIES must list IP addresses or CIDR ranges (e.g. 10.0.0.0/8), got "${item}"`,
      );
    }
  }
  return items;
}
// --- end of issue 16 points 11, 18 ---

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

/** Parses STRATA_DYNAMIC_PLUGIN_ORIGINS: http(s) origins, separated by commas or spaces. */
function parseOrigins(text: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const origin = normalizeOrigin(item);
    if (!origin) {
      throw new ConfigError(
        `STRATA_DYNAMIC_PLUGIN_ORIGINS must list http(s) origins such as https://cdn.example.com (no path), got "${item}"`,
      );
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** Parses STRATA_DECKGL_TILE_URL: empty, or an http(s) URL / site path with {z}, {x}, {y}. */
export function parseTileUrl(text: string | undefined): string | null {
  const url = (text ?? '').trim();
  if (url === '') return null;
  const placeholders = ['{z}', '{x}', '{y}'].every((p) => url.includes(p));
  let ok = placeholders && url.startsWith('/') && !url.startsWith('//');
  if (placeholders && !ok) {
    try {
      const parsed = new URL(url.replace(/[{}]/g, ''));
      ok = parsed.protocol === 'http:' || parsed.protocol === 'https:';
    } catch {
      ok = false;
    }
  }
  if (!ok)
    throw new ConfigError(
      `STRATA_DECKGL_TILE_URL must be a tile URL template with {z}, {x} and {y}, such as https://tiles.example.com/{z}/{x}/{y}.png, got "${url}"`,
    );
  return url;
}

// Issue 16 point 1: STRATA_SQL_ALLOWED_FUNCTIONS.
const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const allowedFunctionsSchema = z.record(
  z.string().regex(/^(\*|[a-z][a-z0-9_]*)$/),
  z.array(z.string().regex(FUNCTION_NAME)).max(10_000),
);

function parseAllowedFunctions(text: string | undefined): Record<string, string[]> {
  if (!text || !text.trim()) return {};
  const message =
    'STRATA_SQL_ALLOWED_FUNCTIONS must be a JSON object of engine names (or "*") to lists of function names, e.g. {"postgresql": ["my_fn"], "*": ["median"]}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(message);
  }
  const result = allowedFunctionsSchema.safeParse(parsed);
  if (!result.success) throw new ConfigError(message);
  return result.data;
}

/** Parses STRATA_SCHEDULED_QUERIES: Superset's SCHEDULED_QUERIES object as JSON; empty: none. */
export function parseScheduledQueries(text: string | undefined): ScheduledQueriesConf | null {
  if (!text || !text.trim()) return null;
  const message =
    'STRATA_SCHEDULED_QUERIES must be a JSON object like Superset\'s SCHEDULED_QUERIES: {"JSONSCHEMA": {"type": "object", "properties": {...}}, "UISCHEMA": {...}, "VALIDATION": [...]}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(message);
  }
  const result = scheduledQueriesConfSchema.safeParse(parsed);
  if (!result.success) throw new ConfigError(`${message} (${result.error.issues[0]?.message})`);
  return result.data;
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
  /** A whole number from `min` up (at most 1e9), or the fallback when unset. */
  const wholeNumber = (name: string, fallback: number, min: number): number => {
    const v = env[name];
    if (v === undefined || v.trim() === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > 1_000_000_000) {
      throw new ConfigError(`${name} must be a whole number ≥ ${min}, got "${v}"`);
    }
    return n;
  };
  const positive = (name: string, fallback: number): number => wholeNumber(name, fallback, 1);
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
  const csvExportMaxRowsText = env.STRATA_CSV_EXPORT_MAX_ROWS;
  const csvExportMaxRows =
    csvExportMaxRowsText === undefined || csvExportMaxRowsText.trim() === ''
      ? null
      : positive('STRATA_CSV_EXPORT_MAX_ROWS', 1);
  const sqllabTimeoutSeconds = positive(
    'STRATA_SQLLAB_TIMEOUT_SECONDS',
    DEFAULT_SQLLAB_TIMEOUT_SECONDS,
  );
  const sqllabWorkers = positive('STRATA_SQLLAB_WORKERS', 4);
  const resultsTtlSeconds = positive('STRATA_RESULTS_TTL_SECONDS', 24 * 3600);
  const chartQueryTimeoutSeconds = positive('STRATA_CHART_QUERY_TIMEOUT_SECONDS', 60);
  const annotationTimeoutSeconds = positive('STRATA_ANNOTATION_TIMEOUT_SECONDS', 60);
  const backgroundThreadNice = wholeNumber('STRATA_BACKGROUND_THREAD_NICE', 10, 0);
  if (backgroundThreadNice > 19)
    throw new ConfigError(
      `STRATA_BACKGROUND_THREAD_NICE must be a whole number from 0 to 19, got "${backgroundThreadNice}"`,
    );
  const cacheDefaultTimeoutSeconds = wholeNumber(
    'STRATA_CACHE_DEFAULT_TIMEOUT_SECONDS',
    24 * 3600,
    0,
  );
  const chartCacheLocalSeconds = wholeNumber('STRATA_CHART_CACHE_LOCAL_SECONDS', 60, 0);
  // Issue 16 point 10 (sqllab helper): SQL Lab results quotas.
  const byteSize = (name: string, fallback: number): number => {
    const v = env[name];
    if (v === undefined || v.trim() === '') return fallback;
    const n = parseByteSize(v);
    if (n === null) {
      throw new ConfigError(
        `${name} must be a size in bytes (a whole number, or with K, M, G or T; 0 for no limit), got "${v}"`,
      );
    }
    return n;
  };
  const resultsMaxBytesPerQuery = byteSize('STRATA_RESULTS_MAX_BYTES_PER_QUERY', 256 * 2 ** 20);
  const resultsMaxBytesPerUser = byteSize('STRATA_RESULTS_MAX_BYTES_PER_USER', 2 ** 30);
  const resultsMaxBytesTotal = byteSize('STRATA_RESULTS_MAX_BYTES_TOTAL', 10 * 2 ** 30);

  // Issue 16 point 2 (memory): chart data limits.
  // Sizes in the same syntax as the results quotas, at least 1 KB (0 would refuse every chart).
  const bytes = (name: string, fallback: number): number => {
    const n = byteSize(name, fallback);
    if (n < 1024) throw new ConfigError(`${name} must be at least 1024 bytes, got "${env[name]}"`);
    return n;
  };
  const chartDataMaxBytes = bytes('STRATA_CHART_DATA_MAX_BYTES', 256 * 1024 * 1024);
  // By default a quarter of the heap the process may grow to (node's --max-old-space-size).
  const chartDataTotalBytes = bytes(
    'STRATA_CHART_DATA_TOTAL_BYTES',
    Math.max(chartDataMaxBytes, Math.floor(v8.getHeapStatistics().heap_size_limit / 4)),
  );
  if (chartDataTotalBytes < chartDataMaxBytes) {
    throw new ConfigError(
      `STRATA_CHART_DATA_TOTAL_BYTES (${chartDataTotalBytes}) must not be below STRATA_CHART_DATA_MAX_BYTES (${chartDataMaxBytes})`,
    );
  }
  const chartQueriesPerUser = positive('STRATA_CHART_QUERIES_PER_USER', 6);
  const chartQueryQueuePerUser = wholeNumber('STRATA_CHART_QUERY_QUEUE_PER_USER', 100, 0);
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
  // Issue 16 point 8 (metadata helper): a list like PATH; empty means the data dir's uploads.
  const fileDatabaseDirs = (env.STRATA_FILE_DATABASE_DIRS ?? '')
    .split(path.delimiter)
    .map((d) => d.trim())
    .filter((d) => d !== '')
    .map((d) => path.resolve(cwd, d));
  if (fileDatabaseDirs.length === 0) fileDatabaseDirs.push(path.join(dataDir, 'uploads'));
  // Issue 17: roles and jobs.
  const roles = parseRoles(env.STRATA_ROLES);
  const redisUrl = env.STRATA_REDIS_URL || null;
  const allRoles = roles.size === ROLES.length;
  if (!redisUrl && !allRoles) {
    throw new ConfigError(
      'Without STRATA_REDIS_URL one process runs every role: set STRATA_REDIS_URL to run ' +
        `${[...roles].join(',')} on its own, or leave STRATA_ROLES unset`,
    );
  }
  const transport = (env.STRATA_GLOBAL_ASYNC_QUERIES_TRANSPORT || 'polling').trim();
  if (transport !== 'polling' && transport !== 'ws') {
    throw new ConfigError(
      `STRATA_GLOBAL_ASYNC_QUERIES_TRANSPORT must be polling or ws, got "${transport}"`,
    );
  }
  const maintenanceSchedule = (env.STRATA_MAINTENANCE_SCHEDULE || '0 * * * *').trim();
  try {
    new Cron(maintenanceSchedule, { paused: true }).stop();
  } catch (e) {
    throw new ConfigError(
      `STRATA_MAINTENANCE_SCHEDULE must be a cron pattern (5 or 6 fields), got "${maintenanceSchedule}": ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const redisPrefix = (env.STRATA_REDIS_PREFIX || 'strata').trim();
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(redisPrefix)) {
    throw new ConfigError(
      `STRATA_REDIS_PREFIX must be 1 to 40 letters, digits, dashes or underscores, got "${redisPrefix}"`,
    );
  }
  const jobLeaseSeconds = positive('STRATA_JOB_LEASE_SECONDS', 30);
  if (jobLeaseSeconds < 3) {
    throw new ConfigError(`STRATA_JOB_LEASE_SECONDS must be at least 3, got ${jobLeaseSeconds}`);
  }
  return {
    fileDatabaseDirs,
    port,
    host: env.STRATA_HOST || '0.0.0.0',
    dataDir,
    metadataUrl,
    metadataDialect: dialectOf(metadataUrl),
    secretKey,
    adminUsername: env.STRATA_ADMIN_USERNAME || 'admin',
    adminPassword: env.STRATA_ADMIN_PASSWORD || null,
    redisUrl,
    featureFlags: parseFeatureFlags(env.STRATA_FEATURE_FLAGS),
    dynamicPluginOrigins: parseOrigins(env.STRATA_DYNAMIC_PLUGIN_ORIGINS),
    permissionInstructionsLink: parseHttpUrl(
      'STRATA_PERMISSION_INSTRUCTIONS_LINK',
      env.STRATA_PERMISSION_INSTRUCTIONS_LINK,
    ),
    deckglTileUrl: parseTileUrl(env.STRATA_DECKGL_TILE_URL),
    cookieSecure: flag('STRATA_COOKIE_SECURE', false),
    sessionLifetimeSeconds,
    logLevel: env.STRATA_LOG_LEVEL || 'info',
    webDistDir: webDist === undefined ? null : webDist === '' ? null : path.resolve(cwd, webDist),
    loadExamples: flag('STRATA_LOAD_EXAMPLES', true),
    loadExampleDashboards: flag('STRATA_LOAD_EXAMPLE_DASHBOARDS', true),
    sqlMaxRow,
    csvExportMaxRows,
    defaultSqllabLimit,
    sqllabTimeoutSeconds,
    sqllabWorkers,
    resultsTtlSeconds,
    chartQueryTimeoutSeconds,
    backgroundThreadNice,
    annotationTimeoutSeconds,
    cacheDefaultTimeoutSeconds,
    chartCacheLocalSeconds,
    sqlAllowedFunctions: parseAllowedFunctions(env.STRATA_SQL_ALLOWED_FUNCTIONS),
    scheduledQueries: parseScheduledQueries(env.STRATA_SCHEDULED_QUERIES),
    resultsMaxBytesPerQuery,
    resultsMaxBytesPerUser,
    resultsMaxBytesTotal,
    // issue 16 points 11, 18 (auth)
    trustedProxies: parseTrustedProxies(env.STRATA_TRUSTED_PROXIES),
    chartDataMaxBytes,
    chartDataTotalBytes,
    chartQueriesPerUser,
    chartQueryQueuePerUser,
    // Issue 16, points 3 and 5.
    cpuWorkers,
    cpuWorkerMemoryMb,
    cpuTaskTimeoutSeconds,
    templateTimeoutMs,
    roles,
    embedded: (env.STRATA_ROLES ?? '').trim() === '',
    workerConcurrency: positive('STRATA_WORKER_CONCURRENCY', sqllabWorkers),
    jobLeaseSeconds,
    asyncQueriesTransport: transport,
    maintenanceSchedule,
    redisPrefix,
    reports: loadReportsConfig(env, port),
    thumbnails: loadThumbnailsConfig(env),
  };
}
