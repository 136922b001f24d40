import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { KEY_PATTERN, keyParam, parseBody } from '../api/request-parsing.js';
import type { ResourceServices } from '../api/resource.js';
import type { DatabaseConnections } from '../databases/connections.js';
import type { ResultsBackend } from '../sqllab/results-backend.js';
import {
  createFormData,
  deleteFormData,
  formDataBody,
  readFormData,
  updateFormData,
} from './form-data.js';
import { exploreState } from './hydration.js';
import { createPermalink, permalinkBody, readPermalink } from './permalink.js';

const tags = ['Explore'];
const id = z.coerce.number().int().positive().max(2_147_483_647);
const exploreQuery = z.object({
  form_data_key: z.string().min(1).max(256).optional(),
  permalink_key: z.string().min(1).max(256).optional(),
  slice_id: id.optional(),
  datasource_id: id.optional(),
  // Any type name, as Superset takes it: types its DAO does not know are answered 422.
  datasource_type: z
    .string()
    .regex(/^[a-z_]{1,32}$/)
    .optional(),
});

/** Explore's API: hydration, form data per tab, permalinks. */
export function registerExploreRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  connections: DatabaseConnections,
  results: ResultsBackend | null = null,
): void {
  const db = services.db;
  const formRead = { perm: 'can_read', view: 'ExploreFormDataRestApi' } as const;
  const formWrite = { perm: 'can_write', view: 'ExploreFormDataRestApi' } as const;
  const linkRead = { perm: 'can_read', view: 'ExplorePermalinkRestApi' } as const;
  const linkWrite = { perm: 'can_write', view: 'ExplorePermalinkRestApi' } as const;

  app.get(
    '/api/v1/explore/',
    {
      config: { access: { perm: 'can_read', view: 'Explore' } },
      schema: { tags, summary: 'The form data, dataset and chart Explore opens with' },
    },
    async (req) => {
      const q = parseBody(exploreQuery, req.query);
      const result = await exploreState(
        db,
        connections,
        req.principal,
        {
          ...(q.form_data_key !== undefined ? { form_data_key: q.form_data_key } : {}),
          ...(q.permalink_key !== undefined ? { permalink_key: q.permalink_key } : {}),
          ...(q.slice_id !== undefined ? { slice_id: q.slice_id } : {}),
          ...(q.datasource_id !== undefined ? { datasource_id: q.datasource_id } : {}),
          ...(q.datasource_type !== undefined ? { datasource_type: q.datasource_type } : {}),
        },
        async (key, principal) => {
          if (!KEY_PATTERN.test(key)) return null;
          const text = await readFormData(db, principal, key);
          return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
        },
        results,
        async (key, principal) => {
          if (!KEY_PATTERN.test(key)) throw new ApiError(404, 'Not found');
          return readPermalink(db, principal, key);
        },
      );
      return { result };
    },
  );

  app.post(
    '/api/v1/explore/form_data',
    {
      config: { access: formWrite },
      schema: { tags, summary: "Keep a chart's form data; answers its key" },
    },
    async (req, reply) => {
      const key = await createFormData(db, req.principal, parseBody(formDataBody, req.body));
      return reply.code(201).send({ key });
    },
  );
  app.put(
    '/api/v1/explore/form_data/:key',
    { config: { access: formWrite }, schema: { tags, summary: 'Replace the form data of a key' } },
    async (req) => {
      const key = keyParam(req);
      await updateFormData(db, req.principal, key, parseBody(formDataBody, req.body));
      return { message: 'Value updated successfully.', key };
    },
  );
  app.get(
    '/api/v1/explore/form_data/:key',
    { config: { access: formRead }, schema: { tags, summary: 'The form data of a key' } },
    async (req) => {
      const text = await readFormData(db, req.principal, keyParam(req));
      if (text === null) throw new ApiError(404, 'Not found');
      return { form_data: text };
    },
  );
  app.delete(
    '/api/v1/explore/form_data/:key',
    { config: { access: formWrite }, schema: { tags, summary: 'Forget the form data of a key' } },
    async (req) => {
      await deleteFormData(db, req.principal, keyParam(req));
      return { message: 'Deleted successfully' };
    },
  );

  app.post(
    '/api/v1/explore/permalink',
    {
      config: { access: linkWrite },
      schema: { tags, summary: 'A permanent link to a chart state' },
    },
    async (req, reply) => {
      const key = await createPermalink(db, req.principal, parseBody(permalinkBody, req.body));
      const host = req.headers.host ?? 'localhost';
      const url = `${req.protocol}://${host}/superset/explore/p/${key}/`;
      return reply.code(201).send({ key, url });
    },
  );
  app.get(
    '/api/v1/explore/permalink/:key',
    {
      config: { access: linkRead },
      schema: { tags, summary: 'The chart state of a permanent link' },
    },
    async (req) => ({ state: await readPermalink(db, req.principal, keyParam(req)) }),
  );
}
