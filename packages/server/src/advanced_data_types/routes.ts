/**
 * `GET /api/v1/advanced_data_type/types` and `/convert` (Superset's AdvancedDataTypeRestApi),
 * registered only with ENABLE_ADVANCED_DATA_TYPES (404 otherwise, as Superset registers the API
 * only then). Both need `can_read` on `AdvancedDataType`.
 */
import type { FastifyInstance } from 'fastify';
import {
  ADVANCED_DATA_TYPE_NAMES,
  advancedDataTypeConvertRequestSchema,
  advancedDataTypeConvertResponseSchema,
  advancedDataTypeTypesResponseSchema,
} from '@strata/core';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { parseRisonParam } from '../api/query-params.js';
import { advancedDataType } from './registry.js';
import { exactJson } from './types.js';

const tags = ['Advanced Data Type'];
const access = { perm: 'can_read', view: 'AdvancedDataType' } as const;

export function registerAdvancedDataTypeRoutes(app: FastifyInstance): void {
  app.get(
    '/api/v1/advanced_data_type/types',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The advanced data types available',
        response: { 200: advancedDataTypeTypesResponseSchema },
      },
    },
    async () => ({ result: [...ADVANCED_DATA_TYPE_NAMES] }),
  );

  app.get<{ Querystring: { q?: string } }>(
    '/api/v1/advanced_data_type/convert',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Values typed by a user converted by an advanced data type',
        querystring: z.object({ q: z.string().optional() }),
        response: { 200: advancedDataTypeConvertResponseSchema },
      },
    },
    async (req, reply) => {
      const { type, values } = parseRisonParam(
        req.query.q,
        advancedDataTypeConvertRequestSchema,
        undefined,
      );
      const addon = advancedDataType(type);
      if (!addon) throw new ApiError(400, `Invalid advanced data type: ${type}`);
      const result = addon.translateType(values);
      // Sent as text: IPv6 values pass 2^53 and stay exact JSON numbers, as Superset answers.
      return reply.type('application/json; charset=utf-8').send(exactJson({ result }));
    },
  );
}
