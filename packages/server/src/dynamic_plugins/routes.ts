import { DYNAMIC_PLUGIN_VIEW, dynamicPluginReadAnswer } from '@strata/core';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../api/errors.js';
import { registerResource, type ResourceServices } from '../api/resource.js';
import { dynamicPluginsResource } from './resource.js';
import { listPlugins, type DynamicPluginPolicy } from './service.js';

const LIST_COLUMNS = ['name', 'key', 'bundle_url', 'id'];
const LABELS = { name: 'Name', key: 'Key', bundle_url: 'Bundle URL', id: 'Id' };

/**
 * Dynamic plugins (issue 19). With DYNAMIC_PLUGINS on: the REST resource and
 * `GET /dynamic-plugins/api/read` (FAB's ModelView `api/read`, which Superset's
 * DynamicPluginProvider reads, on can_read DynamicPlugin). With it off, as Superset's
 * `before_request` guard: every `/dynamic-plugins/…` call answers 404 "Not found" to anyone
 * (not the app's page), and the REST resource does not exist.
 */
export function registerDynamicPluginRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  options: DynamicPluginPolicy & { enabled: boolean },
): void {
  if (!options.enabled) {
    app.all(
      '/dynamic-plugins/*',
      { config: { access: 'public' }, schema: { hide: true } },
      async () => {
        throw notFound('Not found');
      },
    );
    return;
  }
  registerResource(app, dynamicPluginsResource(options), services);
  app.get(
    '/dynamic-plugins/api/read',
    {
      config: { access: { perm: 'can_read', view: DYNAMIC_PLUGIN_VIEW } },
      schema: {
        tags: ['dynamic_plugin'],
        summary: 'The registered dynamic plugins (key and bundle URL of each)',
        response: { 200: dynamicPluginReadAnswer },
      },
    },
    async () => {
      const rows = await listPlugins(services.db);
      return {
        count: rows.length,
        label_columns: LABELS,
        list_columns: LIST_COLUMNS,
        modelview_name: 'DynamicPluginsView',
        order_columns: ['name', 'key', 'bundle_url'],
        page: null,
        page_size: null,
        pks: rows.map((r) => r.id),
        result: rows,
      };
    },
  );
}
