import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  TAG_VIEW,
  TAGGABLE_TYPES,
  tagAddObjects,
  tagBulkCreate,
  taggableTypeOf,
  type TagAddObjects,
  type TagBulkCreate,
  type TaggableType,
} from '@strata/core';
import { ApiError } from '../api/errors.js';
import { parseId, parseRisonParam } from '../api/query-params.js';
import { registerResource, requestContext, type ResourceServices } from '../api/resource.js';
import type { TaggableResources } from './objects.js';
import { taggedEntities } from './entities.js';
import { tagsResource } from './resource.js';
import { addTagsToObject, bulkCreateTags, deleteTags, removeTagFromObject } from './service.js';

const read = { perm: 'can_read', view: TAG_VIEW } as const;
const write = { perm: 'can_write', view: TAG_VIEW } as const;
const tags = ['tag'];
const objectParams = z.object({ objectType: z.string(), objectId: z.string() });
const namesSchema = z.array(z.string().min(1).max(250)).min(1).max(1000);

function objectTypeOf(text: string): TaggableType {
  const type = /^\d{1,2}$/.test(text) ? taggableTypeOf(Number(text)) : null;
  if (!type) throw new ApiError(404, 'Not found');
  return type;
}

/** A comma-separated query parameter as its non-empty parts. */
function listParam(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Superset's tag calls beyond the REST conventions: bulk create, tagging and untagging an object
 * (`/{object_type}/{object_id}/`, object types by Superset's numbers), the objects carrying tags
 * (`get_objects/?tags=` or `?tagIds=`, `types=`), delete by id and bulk delete by names.
 */
export function registerTagRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  resources: TaggableResources,
): void {
  registerResource(app, tagsResource(resources), services);

  app.post(
    '/api/v1/tag/bulk_create',
    {
      config: { access: write },
      schema: { tags, summary: 'Create tags and tag objects', body: tagBulkCreate },
    },
    async (req) => {
      const body = req.body as TagBulkCreate;
      const ctx = requestContext(req, services);
      const result = await bulkCreateTags(resources, ctx, body.tags);
      return { result };
    },
  );

  app.get(
    '/api/v1/tag/get_objects/',
    { config: { access: read }, schema: { tags, summary: 'Objects carrying tags' } },
    async (req) => {
      const q = req.query as Record<string, unknown>;
      const ctx = requestContext(req, services);
      const names = listParam(q.tags);
      const idTexts = listParam(q.tagIds ?? q.tag_ids);
      if (!idTexts.every((t) => /^\d{1,9}$/.test(t)))
        throw new ApiError(400, 'Bad request: tagIds must be ids');
      const typeNames = listParam(q.types).map((t) => (t === 'saved_query' ? 'query' : t));
      const types = typeNames.length
        ? TAGGABLE_TYPES.filter((t) => typeNames.includes(t))
        : TAGGABLE_TYPES;
      const ids = new Set(idTexts.map(Number));
      if (names.length) {
        const byName = await services.db
          .selectFrom('tag')
          .select('id')
          .where('name', 'in', names)
          .execute();
        for (const r of byName) ids.add(r.id);
      }
      return { result: await taggedEntities(resources, ctx, [...ids], types) };
    },
  );

  app.post<{ Params: { objectType: string; objectId: string } }>(
    '/api/v1/tag/:objectType/:objectId/',
    {
      config: { access: write },
      schema: { tags, summary: 'Tag an object', params: objectParams, body: tagAddObjects },
    },
    async (req, reply) => {
      const type = objectTypeOf(req.params.objectType);
      const id = parseId(req.params.objectId);
      const body = req.body as TagAddObjects;
      await addTagsToObject(
        resources,
        requestContext(req, services),
        type,
        id,
        body.properties.tags,
      );
      return reply.code(201).send({});
    },
  );

  app.delete<{ Params: { objectType: string; objectId: string; tag: string } }>(
    '/api/v1/tag/:objectType/:objectId/:tag/',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Take a tag off an object',
        params: objectParams.extend({ tag: z.string() }),
      },
    },
    async (req) => {
      const type = objectTypeOf(req.params.objectType);
      const id = parseId(req.params.objectId);
      await removeTagFromObject(resources, requestContext(req, services), type, id, req.params.tag);
      return { message: 'OK' };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/v1/tag/:id',
    {
      config: { access: write },
      schema: { tags, summary: 'Delete a tag', params: z.object({ id: z.string() }) },
    },
    async (req) => {
      const id = parseId(req.params.id);
      const found = await services.db
        .selectFrom('tag')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!found) throw new ApiError(404, 'Not found');
      await deleteTags(services.db, [id]);
      return { message: 'OK' };
    },
  );

  app.delete(
    '/api/v1/tag/',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Delete tags by name',
        querystring: z.object({ q: z.string().optional() }),
      },
    },
    async (req: FastifyRequest) => {
      const names = [
        ...new Set(parseRisonParam((req.query as Record<string, unknown>).q, namesSchema)),
      ];
      const rows = await services.db
        .selectFrom('tag')
        .select('id')
        .where('name', 'in', names)
        .execute();
      if (rows.length !== names.length) throw new ApiError(404, 'Not found');
      await deleteTags(
        services.db,
        rows.map((r) => r.id),
      );
      return { message: `Deleted ${names.length} tags` };
    },
  );
}
