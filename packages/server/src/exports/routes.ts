/**
 * Superset's export routes: `GET /api/v1/{dashboard,chart,dataset,database,saved_query}/export/
 * ?q=!(1,2)` answer a v1 bundle (`bundle.ts`) as a ZIP download named `<type>_export_<stamp>.zip`.
 *
 * Access: `can_export` on the resource's view (Dashboard, Chart, Dataset, Database, SavedQuery:
 * Superset's `export` method permission), then the objects' visibility (`collect.ts`: 404 for
 * unknown or hidden ids, 403 when a needed object is not readable). `q` is a rison list of ids
 * (400 when it is not). The static `export/` segment wins over the resources' `/:id` routes in
 * Fastify's router, so `export` is never read as an id or a dashboard slug.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { idListSchema, parseRisonParam } from '../api/query-params.js';
import { requestContext, type ResourceServices } from '../api/resource.js';
import type { DashboardAccessOptions } from '../dashboards/access.js';
import { exportBundle, type ExportKind } from './bundle.js';
import { collectExport } from './collect.js';

const RESOURCES: Array<{ kind: ExportKind; view: string; tag: string; noun: string }> = [
  { kind: 'dashboard', view: 'Dashboard', tag: 'dashboard', noun: 'dashboards' },
  { kind: 'chart', view: 'Chart', tag: 'chart', noun: 'charts' },
  { kind: 'dataset', view: 'Dataset', tag: 'dataset', noun: 'datasets' },
  { kind: 'database', view: 'Database', tag: 'database', noun: 'databases' },
  { kind: 'saved_query', view: 'SavedQuery', tag: 'saved query', noun: 'saved queries' },
];

export function registerExportRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  opts: DashboardAccessOptions,
): void {
  for (const { kind, view, tag, noun } of RESOURCES) {
    app.get(
      `/api/v1/${kind}/export/`,
      {
        config: { access: { perm: 'can_export', view } },
        schema: {
          tags: [tag],
          summary: `Export ${noun} as a ZIP bundle (Superset's v1 export)`,
          querystring: z.object({ q: z.string().optional() }),
        },
      },
      async (req, reply) => {
        const q = (req.query as Record<string, unknown>).q;
        if (q === undefined || (typeof q === 'string' && q.trim() === ''))
          throw new ApiError(400, 'Bad request: the q parameter is required');
        const ids = parseRisonParam(q, idListSchema);
        const set = await collectExport(requestContext(req, services), kind, ids, opts);
        const { fileName, body } = await exportBundle(set, new Date());
        return reply
          .type('application/zip')
          .header('Content-Disposition', `attachment; filename=${fileName}`)
          .send(body);
      },
    );
  }
}
