/**
 * `GET /api/v1/async_event/?last_id=` (Superset's AsyncEventsRestApi, `can_list`): the events of
 * the caller's channel after `last_id`, oldest first. The channel comes from the request's
 * authentication only (channel.ts), so nobody reads another's events.
 */
import { asyncEventListAnswer, asyncEventListQuery } from '@strata/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../api/errors.js';
import { ASYNC_EVENTS_READ_LIMIT, isEventId, type AsyncEventStore } from './event-store.js';

/** Superset's permission for the async event API. */
export const ASYNC_EVENT_ACCESS = { perm: 'can_list', view: 'AsyncEventsRestApi' } as const;

export function registerAsyncEventRoutes(
  app: FastifyInstance,
  events: AsyncEventStore,
  channelOf: (req: FastifyRequest) => string | null,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/async_event/',
    {
      config: { access: ASYNC_EVENT_ACCESS },
      schema: {
        tags: ['AsyncEventsRestApi'],
        summary: "Read the events of the caller's async jobs",
        description:
          "The events of the caller's channel (bound to the browser session, or to the user of a " +
          'Bearer token) after `last_id`, oldest first, at most 100.',
        querystring: asyncEventListQuery,
        response: { 200: asyncEventListAnswer },
      },
    },
    async (req, reply) => {
      const channelId = channelOf(req);
      if (!channelId) throw new ApiError(401, 'Not authorized');
      const lastId = req.query.last_id ?? null;
      if (lastId !== null && !isEventId(lastId))
        throw new ApiError(400, 'last_id must be an event id such as 1700000000000-0');
      const result = await events.after(channelId, lastId, ASYNC_EVENTS_READ_LIMIT);
      return reply.send({ result });
    },
  );
}
