import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults that need nothing', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.port).toBe(8088);
    expect(c.dataDir).toBe('/srv/app/data');
    expect(c.metadataUrl).toBe(`sqlite:///${path.join('/srv/app/data', 'strata.db')}`);
    expect(c.metadataDialect).toBe('sqlite');
    expect(c.secretKey).toBeNull();
    expect(c.adminUsername).toBe('admin');
    expect(c.adminPassword).toBeNull();
    expect(c.redisUrl).toBeNull();
    expect(c.featureFlags.SQLLAB_BACKEND_PERSISTENCE).toBe(true);
    expect(c.loadExamples).toBe(true);
    expect(loadConfig({ STRATA_LOAD_EXAMPLES: 'false' }).loadExamples).toBe(false);
  });

  it('reads every setting from the environment', () => {
    const c = loadConfig(
      {
        STRATA_PORT: '9000',
        STRATA_DATA_DIR: '/var/strata',
        STRATA_METADATA_URL: 'postgresql://u@db/strata',
        STRATA_SECRET_KEY: 'x'.repeat(32),
        STRATA_ADMIN_USERNAME: 'root',
        STRATA_ADMIN_PASSWORD: 'pw',
        STRATA_REDIS_URL: 'redis://127.0.0.1:6379',
        STRATA_FEATURE_FLAGS: '{"DASHBOARD_RBAC": true, "NEW_THING": false}',
        STRATA_COOKIE_SECURE: 'true',
      },
      '/',
    );
    expect(c).toMatchObject({
      port: 9000,
      dataDir: '/var/strata',
      metadataDialect: 'postgresql',
      adminUsername: 'root',
      adminPassword: 'pw',
      redisUrl: 'redis://127.0.0.1:6379',
      cookieSecure: true,
    });
    expect(c.featureFlags.DASHBOARD_RBAC).toBe(true);
    expect(c.featureFlags.NEW_THING).toBe(false);
  });

  it('refuses bad values with a message naming the setting', () => {
    expect(() => loadConfig({ STRATA_PORT: 'eighty' })).toThrow(/STRATA_PORT/);
    expect(loadConfig({}).backgroundThreadNice).toBe(10);
    expect(loadConfig({ STRATA_BACKGROUND_THREAD_NICE: '0' }).backgroundThreadNice).toBe(0);
    expect(() => loadConfig({ STRATA_BACKGROUND_THREAD_NICE: '20' })).toThrow(/0 to 19/);
    expect(() => loadConfig({ STRATA_BACKGROUND_THREAD_NICE: '-5' })).toThrow(
      /STRATA_BACKGROUND_THREAD_NICE/,
    );
    expect(() => loadConfig({ STRATA_SECRET_KEY: 'short' })).toThrow(/STRATA_SECRET_KEY/);
    expect(() => loadConfig({ STRATA_METADATA_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRATA_FEATURE_FLAGS: '[1]' })).toThrow(/STRATA_FEATURE_FLAGS/);
    expect(() => loadConfig({ STRATA_COOKIE_SECURE: 'maybe' })).toThrow(/STRATA_COOKIE_SECURE/);
  });

  it('reads the CSV export row cap: none when unset, a positive whole number otherwise', () => {
    expect(loadConfig({}).csvExportMaxRows).toBeNull();
    expect(loadConfig({ STRATA_CSV_EXPORT_MAX_ROWS: '' }).csvExportMaxRows).toBeNull();
    expect(loadConfig({ STRATA_CSV_EXPORT_MAX_ROWS: '2500' }).csvExportMaxRows).toBe(2500);
    for (const bad of ['0', '-1', '1.5', 'lots'])
      expect(() => loadConfig({ STRATA_CSV_EXPORT_MAX_ROWS: bad })).toThrow(
        /STRATA_CSV_EXPORT_MAX_ROWS/,
      );
  });

  it('reads the SQL Lab row limits, the default limit never above the maximum', () => {
    const d = loadConfig({});
    expect(d.sqlMaxRow).toBe(1_000_000);
    expect(d.defaultSqllabLimit).toBe(1000);
    const c = loadConfig({ STRATA_SQL_MAX_ROW: '5000', STRATA_DEFAULT_SQLLAB_LIMIT: '100' });
    expect(c).toMatchObject({ sqlMaxRow: 5000, defaultSqllabLimit: 100 });
    expect(loadConfig({ STRATA_SQL_MAX_ROW: '500' }).defaultSqllabLimit).toBe(500);
    expect(() => loadConfig({ STRATA_SQL_MAX_ROW: '0' })).toThrow(/STRATA_SQL_MAX_ROW/);
    expect(() => loadConfig({ STRATA_SQL_MAX_ROW: '1e3x' })).toThrow(/STRATA_SQL_MAX_ROW/);
    expect(() =>
      loadConfig({ STRATA_SQL_MAX_ROW: '100', STRATA_DEFAULT_SQLLAB_LIMIT: '1000' }),
    ).toThrow(/STRATA_DEFAULT_SQLLAB_LIMIT/);
  });
});

describe('chart data settings', () => {
  it('default to a 60 s query time-out and a day of caching', () => {
    const c = loadConfig({});
    expect(c.chartQueryTimeoutSeconds).toBe(60);
    expect(c.cacheDefaultTimeoutSeconds).toBe(86_400);
    expect(c.chartCacheLocalSeconds).toBe(60);
  });

  it('are read from the environment; 0 keeps cached results until evicted', () => {
    const c = loadConfig({
      STRATA_CHART_QUERY_TIMEOUT_SECONDS: '120',
      STRATA_CACHE_DEFAULT_TIMEOUT_SECONDS: '0',
      STRATA_CHART_CACHE_LOCAL_SECONDS: '0',
    });
    expect(c.chartQueryTimeoutSeconds).toBe(120);
    expect(c.cacheDefaultTimeoutSeconds).toBe(0);
    expect(c.chartCacheLocalSeconds).toBe(0);
  });

  it('refuse bad values naming the setting', () => {
    expect(() => loadConfig({ STRATA_CHART_QUERY_TIMEOUT_SECONDS: '0' })).toThrow(
      /STRATA_CHART_QUERY_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ STRATA_CACHE_DEFAULT_TIMEOUT_SECONDS: '-1' })).toThrow(
      /STRATA_CACHE_DEFAULT_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ STRATA_CHART_CACHE_LOCAL_SECONDS: '1.5' })).toThrow(
      /STRATA_CHART_CACHE_LOCAL_SECONDS/,
    );
    expect(() => loadConfig({ STRATA_CACHE_DEFAULT_TIMEOUT_SECONDS: 'soon' })).toThrow(
      /STRATA_CACHE_DEFAULT_TIMEOUT_SECONDS/,
    );
  });
});

describe('STRATA_TRUSTED_PROXIES', () => {
  it('takes addresses and CIDR ranges, none by default', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(
      loadConfig({ STRATA_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8 ::1,fd00::/8' }).trustedProxies,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
  });
  it('refuses anything else', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', 'true', '*']) {
      expect(() => loadConfig({ STRATA_TRUSTED_PROXIES: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('DYNAMIC_PLUGINS and STRATA_DYNAMIC_PLUGIN_ORIGINS', () => {
  it('keeps the flag off and no origins by default', () => {
    const config = loadConfig({});
    expect(config.featureFlags.DYNAMIC_PLUGINS).toBe(false);
    expect(config.dynamicPluginOrigins).toEqual([]);
  });
  it('takes http(s) origins, normalised and without repeats', () => {
    expect(
      loadConfig({
        STRATA_DYNAMIC_PLUGIN_ORIGINS:
          'https://CDN.example.com, http://127.0.0.1:9000 https://cdn.example.com/',
      }).dynamicPluginOrigins,
    ).toEqual(['https://cdn.example.com', 'http://127.0.0.1:9000']);
  });
  it('refuses paths, wildcards and other schemes', () => {
    for (const bad of ['https://cdn.example.com/plugins', '*', 'cdn.example.com', 'ftp://x']) {
      expect(() => loadConfig({ STRATA_DYNAMIC_PLUGIN_ORIGINS: bad }), bad).toThrow(
        /STRATA_DYNAMIC_PLUGIN_ORIGINS/,
      );
    }
  });
});

describe('STRATA_PERMISSION_INSTRUCTIONS_LINK', () => {
  it('is unset by default, takes an http(s) address and refuses anything else', () => {
    expect(loadConfig({}).permissionInstructionsLink).toBeNull();
    expect(
      loadConfig({ STRATA_PERMISSION_INSTRUCTIONS_LINK: 'https://wiki.example.org/access' })
        .permissionInstructionsLink,
    ).toBe('https://wiki.example.org/access');
    for (const bad of ['javascript:alert(1)', 'wiki/access', 'ftp://x/y'])
      expect(() => loadConfig({ STRATA_PERMISSION_INSTRUCTIONS_LINK: bad }), bad).toThrow(
        /STRATA_PERMISSION_INSTRUCTIONS_LINK/,
      );
  });
});

// Issue 16 point 2 (memory).
describe('chart data limits', () => {
  it('default to 256 MB a request, a quarter of the heap in all, 6 running and 100 waiting per user', () => {
    const c = loadConfig({});
    expect(c.chartDataMaxBytes).toBe(256 * 1024 * 1024);
    expect(c.chartDataTotalBytes).toBeGreaterThanOrEqual(c.chartDataMaxBytes);
    expect(c.chartQueriesPerUser).toBe(6);
    expect(c.chartQueryQueuePerUser).toBe(100);
  });

  it('read the settings and refuse bad values naming them', () => {
    const c = loadConfig({
      STRATA_CHART_DATA_MAX_BYTES: '1048576',
      STRATA_CHART_DATA_TOTAL_BYTES: '4194304',
      STRATA_CHART_QUERIES_PER_USER: '2',
      STRATA_CHART_QUERY_QUEUE_PER_USER: '0',
    });
    expect(c).toMatchObject({
      chartDataMaxBytes: 1048576,
      chartDataTotalBytes: 4194304,
      chartQueriesPerUser: 2,
      chartQueryQueuePerUser: 0,
    });
    expect(() => loadConfig({ STRATA_CHART_DATA_MAX_BYTES: '10' })).toThrow(
      /STRATA_CHART_DATA_MAX_BYTES/,
    );
    expect(() => loadConfig({ STRATA_CHART_DATA_MAX_BYTES: 'lots' })).toThrow(
      /STRATA_CHART_DATA_MAX_BYTES/,
    );
    expect(() =>
      loadConfig({ STRATA_CHART_DATA_MAX_BYTES: '4194304', STRATA_CHART_DATA_TOTAL_BYTES: '2048' }),
    ).toThrow(/STRATA_CHART_DATA_TOTAL_BYTES/);
    expect(() => loadConfig({ STRATA_CHART_QUERIES_PER_USER: '0' })).toThrow(
      /STRATA_CHART_QUERIES_PER_USER/,
    );
    expect(() => loadConfig({ STRATA_CHART_QUERY_QUEUE_PER_USER: '-1' })).toThrow(
      /STRATA_CHART_QUERY_QUEUE_PER_USER/,
    );
  });
});

// Issue 16, points 3 and 5.
describe('CPU worker settings', () => {
  it('default to two threads of 512 MB, 60 s per task and 1 s of templates', () => {
    expect(loadConfig({})).toMatchObject({
      cpuWorkers: 2,
      cpuWorkerMemoryMb: 512,
      cpuTaskTimeoutSeconds: 60,
      templateTimeoutMs: 1000,
    });
  });

  it('are read from the environment and refuse bad values naming the setting', () => {
    expect(
      loadConfig({
        STRATA_CPU_WORKERS: '4',
        STRATA_CPU_WORKER_MEMORY_MB: '64',
        STRATA_CPU_TASK_TIMEOUT_SECONDS: '5',
        STRATA_TEMPLATE_TIMEOUT_MS: '250',
      }),
    ).toMatchObject({
      cpuWorkers: 4,
      cpuWorkerMemoryMb: 64,
      cpuTaskTimeoutSeconds: 5,
      templateTimeoutMs: 250,
    });
    expect(() => loadConfig({ STRATA_CPU_WORKERS: '0' })).toThrow(/STRATA_CPU_WORKERS/);
    expect(() => loadConfig({ STRATA_CPU_WORKER_MEMORY_MB: '32' })).toThrow(
      /STRATA_CPU_WORKER_MEMORY_MB/,
    );
    expect(() => loadConfig({ STRATA_CPU_TASK_TIMEOUT_SECONDS: 'x' })).toThrow(
      /STRATA_CPU_TASK_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ STRATA_TEMPLATE_TIMEOUT_MS: '-5' })).toThrow(
      /STRATA_TEMPLATE_TIMEOUT_MS/,
    );
  });
});

describe('roles (issue 17)', () => {
  const base = { STRATA_DATA_DIR: '/tmp/strata-roles-test' };
  it('runs every role in one embedded process by default', () => {
    const c = loadConfig({ ...base });
    expect([...c.roles]).toEqual(['web', 'worker', 'scheduler']);
    expect(c.embedded).toBe(true);
    expect(c.workerConcurrency).toBe(4);
    expect(c.jobLeaseSeconds).toBe(30);
    expect(c.asyncQueriesTransport).toBe('polling');
  });
  it('takes a subset of roles with Redis, and then is not embedded', () => {
    const c = loadConfig({ ...base, STRATA_ROLES: 'worker', STRATA_REDIS_URL: 'redis://x' });
    expect([...c.roles]).toEqual(['worker']);
    expect(c.embedded).toBe(false);
    const all = loadConfig({
      ...base,
      STRATA_ROLES: 'web, worker,scheduler',
      STRATA_REDIS_URL: 'redis://x',
    });
    expect(all.roles.size).toBe(3);
    expect(all.embedded).toBe(false);
  });
  it('refuses unknown roles, a subset without Redis and bad job settings', () => {
    expect(() => loadConfig({ ...base, STRATA_ROLES: 'web,cron' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRATA_ROLES: 'web' })).toThrow(/STRATA_REDIS_URL/);
    expect(() => loadConfig({ ...base, STRATA_JOB_LEASE_SECONDS: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRATA_MAINTENANCE_SCHEDULE: 'every hour' })).toThrow(
      /STRATA_MAINTENANCE_SCHEDULE/,
    );
    expect(
      loadConfig({ ...base, STRATA_MAINTENANCE_SCHEDULE: '*/5 * * * * *' }).maintenanceSchedule,
    ).toBe('*/5 * * * * *');
    expect(() => loadConfig({ ...base, STRATA_GLOBAL_ASYNC_QUERIES_TRANSPORT: 'sse' })).toThrow(
      ConfigError,
    );
  });
});
