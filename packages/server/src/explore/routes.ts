import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { zodFieldErrors } from '../api/query-params.js';
import type { ResourceServices } from '../api/resource.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { exploreState, type FormDataReader } from './hydration.js';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const exploreQuery = z.object({
  form_data_key: z.string().min(1).max(256).optional(),
  slice_id: id.optional(),
  datasource_id: id.optional(),
  datasource_type: z.enum(['table', 'dataset', 'query', 'saved_query']).optional(),
});

/** `GET /api/v1/explore/`: what the Explore page opens with. */
export function registerExploreRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  connections: DatabaseConnections,
  readFormData: FormDataReader | null = null,
): void {
  app.get(
    '/api/v1/explore/',
    {
      config: { access: { perm: 'can_read', view: 'Explore' } },
      schema: { tags: ['Explore'], summary: 'The form data, dataset and chart Explore opens with' },
    },
    async (req) => {
      const parsed = exploreQuery.safeParse(req.query ?? {});
      if (!parsed.success)
        throw new ApiError(400, 'Bad request', { message: zodFieldErrors(parsed.error) });
      const q = parsed.data;
      const result = await exploreState(
        services.db,
        connections,
        req.principal,
        {
          ...(q.form_data_key !== undefined ? { form_data_key: q.form_data_key } : {}),
          ...(q.slice_id !== undefined ? { slice_id: q.slice_id } : {}),
          ...(q.datasource_id !== undefined ? { datasource_id: q.datasource_id } : {}),
          ...(q.datasource_type !== undefined ? { datasource_type: q.datasource_type } : {}),
        },
        readFormData,
      );
      return { result };
    },
  );
}
