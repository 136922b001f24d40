import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { zodFieldErrors } from '../api/query-params.js';
import { requestContext, type ResourceServices } from '../api/resource.js';
import { toIso } from '../metadata/db.js';
import { createSavedQuery, createSavedQuerySchema } from './write.js';

const write = { perm: 'can_write', view: 'SavedQuery' } as const;
/** Form encoding can triple the size of the SQL text. */
const SCHEDULE_BODY_LIMIT = 8 * 1024 * 1024;

/** A form sends every value as text: the database id as digits. */
const scheduleBody = z.object({
  ...createSavedQuerySchema.shape,
  db_id: z.union([
    createSavedQuerySchema.shape.db_id,
    z
      .string()
      .regex(/^\d{1,9}$/, 'Not a database id')
      .transform(Number),
  ]),
});

/**
 * `POST /savedqueryviewapi/api/create`: Superset's legacy create call, which SQL Lab's "Schedule
 * query" uses (a form whose `extra_json` holds `schedule_info`). Answers as Flask-AppBuilder did.
 */
export function registerSavedQueryRoutes(app: FastifyInstance, services: ResourceServices): void {
  app.post(
    '/savedqueryviewapi/api/create',
    {
      config: { access: write },
      bodyLimit: SCHEDULE_BODY_LIMIT,
      schema: { tags: ['saved query'], summary: 'Save a query with a schedule (legacy form)' },
    },
    async (req) => {
      const raw: unknown = req.body ?? {};
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        throw new ApiError(400, 'Bad request: the body must be a form or an object');
      // Empty form fields mean "not given".
      const given = Object.fromEntries(
        Object.entries(raw as Record<string, unknown>).filter(
          ([k, v]) => v !== '' && k !== 'csrf_token',
        ),
      );
      const parsed = scheduleBody.safeParse(given);
      if (!parsed.success)
        throw new ApiError(400, 'Invalid form', {
          message: 'Invalid form',
          severity: 'warning',
          errors: zodFieldErrors(parsed.error),
        });
      const ctx = requestContext(req, services);
      const id = await createSavedQuery(ctx, parsed.data);
      const row = await services.db
        .selectFrom('saved_query')
        .select([
          'id',
          'label',
          'db_id',
          'schema',
          'description',
          'sql',
          'extra_json',
          'changed_on',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        id,
        item: { ...row, changed_on: toIso(row.changed_on) },
        message: 'Added Row',
        severity: 'info',
      };
    },
  );
}
