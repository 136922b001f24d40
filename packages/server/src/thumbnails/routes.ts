/**
 * `GET /api/v1/chart/{id}/thumbnail/{digest}/` and `GET /api/v1/dashboard/{id}/thumbnail/{digest}/`
 * (Superset's ChartRestApi/DashboardRestApi `thumbnail`, registered with THUMBNAILS only):
 * the PNG, 202 `{"message": "OK"}` while it is made, 302 to the current digest, 404 for an
 * object the user may not read. Thin over `ThumbnailService`; the lists' `thumbnail_url` comes
 * from `withThumbnails`.
 */
import type { FastifyInstance } from 'fastify';
import {
  thumbnailMissingAnswer,
  thumbnailParams,
  thumbnailPendingAnswer,
  type ThumbnailKind,
} from '@strata/core';
import { parseId } from '../api/query-params.js';
import type { ResourceDefinition } from '../api/resource-types.js';
import type { ThumbnailService } from './service.js';

const VIEWS: Record<ThumbnailKind, string> = { chart: 'Chart', dashboard: 'Dashboard' };

export function registerThumbnailRoutes(app: FastifyInstance, service: ThumbnailService): void {
  for (const kind of ['chart', 'dashboard'] as const) {
    app.get(
      `/api/v1/${kind}/:id/thumbnail/:digest/`,
      {
        config: { access: { perm: 'can_read', view: VIEWS[kind] } },
        schema: {
          tags: [kind],
          summary: `The ${kind}'s thumbnail (PNG), made in the background`,
          params: thumbnailParams,
          response: { 202: thumbnailPendingAnswer, 404: thumbnailMissingAnswer },
        },
      },
      async (req, reply) => {
        const { id, digest } = req.params as { id: string; digest: string };
        const answer = await service.answer(req.principal, kind, parseId(id), digest);
        if (answer.kind === 'redirect') return reply.redirect(answer.location, 302);
        if (answer.kind === 'pending') return reply.code(202).send({ message: 'OK' as const });
        // The address names the picture's digest: what it answers never changes.
        return reply
          .header('Cache-Control', 'private, max-age=86400')
          .type('image/png')
          .send(answer.png);
      },
    );
  }
}

/** A chart or dashboard resource whose list and get answers carry `thumbnail_url`. */
export function withThumbnails(
  def: ResourceDefinition,
  kind: ThumbnailKind,
  service: ThumbnailService,
): ResourceDefinition {
  return {
    ...def,
    async load(ctx, ids) {
      const items = await def.load(ctx, ids);
      const urls = await service.urls(ctx.principal, kind, [...items.keys()]);
      for (const [id, item] of items) item.thumbnail_url = urls.get(id) ?? null;
      return items;
    },
  };
}
