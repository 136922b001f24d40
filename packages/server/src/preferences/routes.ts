import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userPreferencesAnswer, userPreferencesUpdate } from '@strata/core';
import type { MetadataDb } from '../metadata/db.js';
import { readPreferences, updatePreferences } from './store.js';

const tags = ['me'];

/**
 * `GET /api/v1/me/preferences/` and `PUT` (a partial update): the logged-in user's preferences,
 * kept on the server so that they follow the user to every browser (issue 21: the theme).
 */
export function registerPreferenceRoutes(app: FastifyInstance, db: MetadataDb): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/v1/me/preferences/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The current user's preferences",
        response: { 200: userPreferencesAnswer },
      },
    },
    async (req) => ({ result: await readPreferences(db, req.principal.id) }),
  );
  typed.put(
    '/api/v1/me/preferences/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Changes the current user's preferences (the fields given)",
        body: userPreferencesUpdate,
        response: { 200: userPreferencesAnswer },
      },
    },
    async (req) => ({ result: await updatePreferences(db, req.principal.id, req.body) }),
  );
}
