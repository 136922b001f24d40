import type { FastifyInstance } from 'fastify';
import { evaluateTimeRange, TimeRangeError, TIME_RANGE_MESSAGES } from '@strata/core';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { parseRisonParam } from '../api/query-params.js';

const tags = ['Time range'];
const MAX_TIME_RANGE_LENGTH = 1000;
const MAX_RANGES_PER_CALL = 50;

const timeRangeText = z.string().max(MAX_TIME_RANGE_LENGTH);
const timeRangeItem = z.union([
  timeRangeText,
  z.object({ timeRange: timeRangeText, shift: z.string().max(200).nullish() }),
]);
/** `q`: one time range, or a list of them (strings or `{timeRange, shift}`), as Superset takes. */
const timeRangeRequest = z.union([timeRangeText, z.array(timeRangeItem).max(MAX_RANGES_PER_CALL)]);

const evaluatedRange = z.object({
  since: z.string(),
  until: z.string(),
  timeRange: z.string(),
  shift: z.string().nullable(),
});

/** One evaluated range as Superset answers it: an open end is "". */
function evaluateItem(item: z.infer<typeof timeRangeItem>, now: Date) {
  const { timeRange, shift = null } = typeof item === 'string' ? { timeRange: item } : item;
  const { since, until } = evaluateTimeRange(timeRange, { now, shift });
  return { since: since ?? '', until: until ?? '', timeRange, shift: shift ?? null };
}

/** `GET /api/v1/time_range/?q=` → `{result: [{since, until, timeRange, shift}]}`, 400 on a bad range. */
export function registerTimeRangeRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: { q?: string } }>(
    '/api/v1/time_range/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The actual start and end of time ranges (human-readable or advanced)',
        querystring: z.object({ q: z.string().optional() }),
        response: { 200: z.object({ result: z.array(evaluatedRange) }) },
      },
    },
    async (req) => {
      const request = parseRisonParam(req.query.q, timeRangeRequest, undefined);
      const items = typeof request === 'string' ? [request] : request;
      const now = new Date();
      try {
        return { result: items.map((item) => evaluateItem(item, now)) };
      } catch (e) {
        if (e instanceof TimeRangeError) {
          throw new ApiError(400, TIME_RANGE_MESSAGES.unexpected(e.message));
        }
        throw e;
      }
    },
  );
}
