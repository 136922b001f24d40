import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { idListSchema, parseId, parseRisonParam } from '../api/query-params.js';
import {
  listResource,
  registerResource,
  requestContext,
  type ResourceServices,
} from '../api/resource.js';
import { projectColumns } from '../api/projection.js';
import { hasPerm } from '../security/principal.js';
import {
  annotationsOfLayer,
  assertLayerExists,
  createAnnotation,
  createAnnotationSchema,
  deleteAnnotations,
  loadAnnotations,
  updateAnnotation,
  updateAnnotationSchema,
  type CreateAnnotation,
  type UpdateAnnotation,
} from './annotations.js';
import { ANNOTATION_VIEW, annotationLayersResource } from './layers.js';

const read = { perm: 'can_read', view: ANNOTATION_VIEW } as const;
const write = { perm: 'can_write', view: ANNOTATION_VIEW } as const;
const tags = ['annotation'];
const qSchema = z.object({ q: z.string().optional() });
const layerParams = z.object({ id: z.string() });
const itemParams = z.object({ id: z.string(), annotationId: z.string() });

type LayerReq = FastifyRequest<{ Params: { id: string } }>;
type ItemReq = FastifyRequest<{ Params: { id: string; annotationId: string } }>;

/**
 * The annotations of a layer, `/api/v1/annotation_layer/{pk}/annotation/`: list, get, create,
 * update, delete, bulk delete (Superset's AnnotationRestApi), on the `Annotation` permissions.
 */
export function registerAnnotationRoutes(app: FastifyInstance, services: ResourceServices): void {
  const base = '/api/v1/annotation_layer/:id/annotation';
  const show = annotationsOfLayer(0).showColumns ?? [];

  app.get(
    `${base}/`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'List annotations of a layer',
        params: layerParams,
        querystring: qSchema,
      },
    },
    async (req: LayerReq) => {
      const ctx = requestContext(req, services);
      const layerId = parseId(req.params.id);
      await assertLayerExists(ctx.db, layerId);
      return listResource(annotationsOfLayer(layerId), ctx, (req.query as { q?: unknown }).q);
    },
  );

  app.get(
    `${base}/_info`,
    {
      config: { access: read },
      schema: { tags, summary: 'Permissions on annotations', params: layerParams },
    },
    async (req: LayerReq) => {
      const ctx = requestContext(req, services);
      await assertLayerExists(ctx.db, parseId(req.params.id));
      const permissions = (['can_read', 'can_write'] as const).filter((p) =>
        hasPerm(ctx.principal, p, ANNOTATION_VIEW),
      );
      return { permissions };
    },
  );

  app.get(
    `${base}/:annotationId`,
    {
      config: { access: read },
      schema: { tags, summary: 'Get an annotation', params: itemParams },
    },
    async (req: ItemReq) => {
      const ctx = requestContext(req, services);
      const layerId = parseId(req.params.id);
      const id = parseId(req.params.annotationId);
      await assertLayerExists(ctx.db, layerId);
      const item = (await loadAnnotations(ctx, [id])).get(id);
      const layer = item?.layer as { id: number } | undefined;
      if (!item || layer?.id !== layerId) throw new ApiError(404, 'Not found');
      return { id, result: projectColumns(item, show) };
    },
  );

  app.post(
    `${base}/`,
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Create an annotation',
        params: layerParams,
        body: createAnnotationSchema,
      },
    },
    async (req: LayerReq, reply: FastifyReply) => {
      const ctx = requestContext(req, services);
      const layerId = parseId(req.params.id);
      const id = await createAnnotation(ctx, layerId, req.body as CreateAnnotation);
      const item = (await loadAnnotations(ctx, [id])).get(id);
      return reply.code(201).send({ id, result: item ? projectColumns(item, show) : null });
    },
  );

  app.put(
    `${base}/:annotationId`,
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Update an annotation',
        params: itemParams,
        body: updateAnnotationSchema,
      },
    },
    async (req: ItemReq) => {
      const ctx = requestContext(req, services);
      const layerId = parseId(req.params.id);
      const id = parseId(req.params.annotationId);
      await updateAnnotation(ctx, layerId, id, req.body as UpdateAnnotation);
      const item = (await loadAnnotations(ctx, [id])).get(id);
      return { id, result: item ? projectColumns(item, show) : null };
    },
  );

  app.delete(
    `${base}/:annotationId`,
    {
      config: { access: write },
      schema: { tags, summary: 'Delete an annotation', params: itemParams },
    },
    async (req: ItemReq) => {
      const ctx = requestContext(req, services);
      await deleteAnnotations(ctx, parseId(req.params.id), [parseId(req.params.annotationId)]);
      return { message: 'OK' };
    },
  );

  app.delete(
    `${base}/`,
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Delete several annotations',
        params: layerParams,
        querystring: qSchema,
      },
    },
    async (req: LayerReq) => {
      const ctx = requestContext(req, services);
      const ids = parseRisonParam((req.query as { q?: unknown }).q, idListSchema, []);
      await deleteAnnotations(ctx, parseId(req.params.id), ids);
      const n = new Set(ids).size;
      return { message: `Deleted ${n} annotation${n === 1 ? '' : 's'}` };
    },
  );
}

/** Annotation layers (REST conventions) and their annotations. */
export function registerAnnotationLayers(app: FastifyInstance, services: ResourceServices): void {
  registerResource(app, annotationLayersResource(), services);
  registerAnnotationRoutes(app, services);
}
