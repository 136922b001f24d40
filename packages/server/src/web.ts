/**
 * The web role: Fastify over the app's services (`services.ts`). Registering a route never
 * builds a service; every route gets the ones it needs from `Services`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import { DYNAMIC_PLUGINS_FLAG, TAGGING_SYSTEM_FLAG, THUMBNAILS_FLAG } from '@strata/core';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { ADVANCED_DATA_TYPES_FLAG } from '@strata/core';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { installErrorHandler } from './api/error-handler.js';
import { registerResource } from './api/resource.js';
import type { ResourceDefinition } from './api/resource-types.js';
import { registerAnnotationLayers } from './annotation_layers/routes.js';
import { asyncChannelId } from './async_events/channel.js';
import { registerAsyncEventRoutes } from './async_events/routes.js';
import { attachAsyncEventSocket } from './async_events/ws.js';
import { registerChartDataRoutes } from './chart_data/routes.js';
import { chartsResource } from './charts/resource.js';
import { dashboardsResource } from './dashboards/resource.js';
import { registerDashboardRoutes } from './dashboards/routes.js';
import { registerDynamicPluginRoutes } from './dynamic_plugins/routes.js';
import { databasesResource } from './databases/resource.js';
import { registerDatabaseRoutes } from './databases/routes.js';
import { datasetsResource } from './datasets/resource.js';
import { registerDatasetRoutes } from './datasets/routes.js';
import { registerExploreRoutes } from './explore/routes.js';
import { registerExportRoutes } from './exports/routes.js';
import { registerHealthRoutes } from './health/routes.js';
import { registerImportRoutes } from './imports/routes.js';
import { registerKeyValueRoutes } from './key_value/routes.js';
import { registerLogRoutes } from './log/routes.js';
import { queriesResource } from './queries/resource.js';
import { registerReportRoutes } from './reports/routes.js';
import { savedQueriesResource } from './saved_queries/resource.js';
import { cssTemplatesResource } from './css_templates/resource.js';
import { withTags, type TaggableResources } from './tags/objects.js';
import { registerTagRoutes } from './tags/routes.js';
import { registerThumbnailRoutes, withThumbnails } from './thumbnails/routes.js';
import { registerSavedQueryRoutes } from './saved_queries/routes.js';
import {
  permissionViewsResource,
  permissionsResource,
  rolesResource,
  usersResource,
  viewMenusResource,
} from './security/admin-resources.js';
import { authPlugin } from './security/auth-plugin.js';
import { cookieSecureFor } from './security/login-csrf.js';
import { registerRolePermissionRoutes } from './security/role-permission-routes.js';
import { registerAuthRoutes } from './security/routes.js';
import { cookieSecret } from './security/sessions.js';
import type { Services } from './services.js';
import { registerSqlLabRoutes } from './sqllab/routes.js';
import { registerSqlLabBootstrap } from './tab_state/bootstrap.js';
import { registerTabStateRoutes } from './tab_state/routes.js';
import { defaultStaticImagesDir, registerStaticImages } from './web/static-images.js';
import { registerPreferenceRoutes } from './preferences/routes.js';
import { readPreferences } from './preferences/store.js';
import { registerTimeRangeRoutes } from './time_range/routes.js';
import { registerAdvancedDataTypeRoutes } from './advanced_data_types/routes.js';
import { registerUploadRoutes } from './uploads/routes.js';
import { registerWebRoutes } from './web/routes.js';
import { installSecurityHeaders, tileOrigin } from './web/security-headers.js';

/** Where the built web app is when the server runs from this repository. */
export function defaultWebDist(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../web/dist');
  return fs.existsSync(path.join(candidate, 'index.html')) ? candidate : null;
}

export interface WebOptions {
  logger?: boolean;
}

/** The HTTP API and pages over `s`; not yet listening (`app.ready()` is the caller's). */
export async function buildWeb(s: Services, options: WebOptions = {}): Promise<FastifyInstance> {
  const { config } = s;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 10 * 1024 * 1024,
    // X-Forwarded-* believed from these proxies only (issue 16 points 11, 18).
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  });
  s.logJobError = (jobId, name, error) =>
    app.log.error({ err: error, job_id: jobId, job: name }, 'Job failed');
  s.logInfo = (message, data) => app.log.info(data ?? {}, message);
  // The report browser of this process reaches the app where it listens (a port chosen at
  // listen time included), unless STRATA_WEBDRIVER_BASEURL says otherwise.
  app.addHook('onListen', function () {
    const address = this.server.address();
    if (typeof address !== 'object' || !address) return;
    const any = address.address === '0.0.0.0' || address.address === '::';
    const host = any
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    s.setListenUrl(`http://${host}:${address.port}/`);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  const dynamicPluginsOn = config.featureFlags[DYNAMIC_PLUGINS_FLAG] === true;
  installSecurityHeaders(app, {
    scriptOrigins: dynamicPluginsOn ? config.dynamicPluginOrigins : [],
    imageOrigins: tileOrigin(config.deckglTileUrl),
  });

  await app.register(cookie, { secret: cookieSecret(s.keys) });
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
  const auth = {
    db: s.db,
    principals: s.principals,
    sessions: s.sessions,
    tokens: s.tokens,
    versions: s.versions,
  };
  await app.register(authPlugin, auth);

  app.get('/api/v1/_openapi', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const resources = { db: s.db, dialect: config.metadataDialect };
  const dashboardAccess = { dashboardRbac: config.featureFlags.DASHBOARD_RBAC === true };
  const { connections, box, engines } = s;
  registerHealthRoutes(app);
  registerAuthRoutes(app, {
    db: s.db,
    sessions: s.sessions,
    tokens: s.tokens,
    throttle: s.throttle,
    keys: s.keys,
    loginCsrf: s.loginCsrf,
    cookieSecure: config.cookieSecure,
    sessionLifetimeSeconds: config.sessionLifetimeSeconds,
  });
  const taggingOn = config.featureFlags[TAGGING_SYSTEM_FLAG] === true;
  // With TAGGING_SYSTEM, dashboards, charts and saved queries carry tags and take tag filters.
  // With THUMBNAILS, their list and get answers carry `thumbnail_url`.
  const thumbnailsOn = config.featureFlags[THUMBNAILS_FLAG] === true;
  const pictured = (def: ResourceDefinition, kind: 'chart' | 'dashboard') =>
    thumbnailsOn ? withThumbnails(def, kind, s.thumbnails) : def;
  const taggable: TaggableResources = {
    dashboard: pictured(dashboardsResource(dashboardAccess), 'dashboard'),
    chart: pictured(chartsResource(dashboardAccess), 'chart'),
    query: savedQueriesResource(),
  };
  const tagged = (type: keyof TaggableResources) =>
    taggingOn ? withTags(taggable[type], type) : taggable[type];
  for (const def of [
    usersResource(),
    rolesResource(),
    permissionsResource(),
    viewMenusResource(),
    permissionViewsResource(),
    tagged('dashboard'),
    tagged('chart'),
    datasetsResource(connections),
    databasesResource(box, engines, connections),
    tagged('query'),
    queriesResource(),
    cssTemplatesResource(),
  ]) {
    registerResource(app, def, resources);
  }
  registerDashboardRoutes(app, resources, connections, dashboardAccess);
  registerRolePermissionRoutes(app, s.db);
  registerDatabaseRoutes(app, s.db, connections);
  registerDatasetRoutes(app, resources, connections, s.chartLimits);
  registerUploadRoutes(app, resources, connections);
  registerImportRoutes(app, resources, { box, engines, connections });
  registerLogRoutes(app, resources, dashboardAccess);
  if (taggingOn) registerTagRoutes(app, resources, taggable);
  if (thumbnailsOn) registerThumbnailRoutes(app, s.thumbnails);
  registerTabStateRoutes(app, resources);
  registerSqlLabBootstrap(app, resources, config, engines);
  registerKeyValueRoutes(app, resources, { sessions: s.sessions });
  registerSavedQueryRoutes(app, resources);
  registerSqlLabRoutes(app, s.sqlLab, connections, s.csvExports);
  registerTimeRangeRoutes(app);
  registerPreferenceRoutes(app, s.db);
  // ENABLE_ADVANCED_DATA_TYPES: Superset registers the API only with the flag (404 otherwise).
  if (config.featureFlags[ADVANCED_DATA_TYPES_FLAG] === true) registerAdvancedDataTypeRoutes(app);
  // GLOBAL_ASYNC_QUERIES: chart data as jobs, their events over HTTP and the WebSocket.
  const asyncOn = config.featureFlags.GLOBAL_ASYNC_QUERIES === true;
  const channelOf = (req: FastifyRequest) => asyncChannelId(s.keys, req);
  registerChartDataRoutes(app, resources, s.chartData, {
    chart: s.asyncChart,
    channelOf,
    enabled: asyncOn,
  });
  if (asyncOn) {
    registerAsyncEventRoutes(app, s.asyncEvents, channelOf);
    attachAsyncEventSocket(app, { events: s.asyncEvents, bus: s.bus, keys: s.keys, auth });
  }
  registerAnnotationLayers(app, resources);
  registerDynamicPluginRoutes(app, resources, {
    enabled: dynamicPluginsOn,
    origins: config.dynamicPluginOrigins,
  });
  registerReportRoutes(app, resources, {
    box,
    bus: s.bus,
    queue: s.queue,
    limits: config.reports,
    dashboardAccess,
  });
  registerExportRoutes(app, resources, dashboardAccess);
  registerExploreRoutes(app, resources, connections, s.results);
  registerStaticImages(app, defaultStaticImagesDir());
  registerWebRoutes(app, {
    distDir: config.webDistDir ?? defaultWebDist(),
    featureFlags: config.featureFlags,
    conf: { GLOBAL_ASYNC_QUERIES_TRANSPORT: config.asyncQueriesTransport },
    deckglTiles: config.deckglTileUrl ? [[config.deckglTileUrl, 'Base map']] : [],
    csrfTokenFor: (req) => (req.sessionId ? s.sessions.csrfToken(req.sessionId) : null),
    loginCsrfTokenFor: (req, reply) =>
      s.loginCsrf.issue(req, reply, cookieSecureFor(req, config.cookieSecure)),
    preferencesFor: (userId) => readPreferences(s.db, userId),
  });
  return app;
}
