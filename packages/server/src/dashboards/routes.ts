/**
 * Dashboard routes beyond the REST conventions of `resource.ts`: its charts and datasets, copy
 * ("Save as"), permalinks and the permalink page, native filter state (`native_filters_key`),
 * saved filter sets (`filtersets`).
 * Every dashboard is found by id or slug through the visibility rule of `access.ts` (404 when
 * hidden).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dashboardTabsAnswer } from '@strata/core';
import { ApiError } from '../api/errors.js';
import { parseId } from '../api/query-params.js';
import { keyParam, parseBody } from '../api/request-parsing.js';
import { requestContext, type ResourceServices } from '../api/resource.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { findVisibleDashboard, type DashboardAccessOptions } from './access.js';
import { dashboardCharts, dashboardDatasets } from './contents.js';
import { copyDashboard, copyDashboardSchema } from './copy.js';
import { dashboardTabs } from './tabs.js';
import {
  createFilterSet,
  createFilterSetBody,
  deleteFilterSet,
  listFilterSets,
  updateFilterSet,
  updateFilterSetBody,
} from './filter-sets.js';
import {
  createFilterState,
  deleteFilterState,
  filterStateBody,
  filterStateQuery,
  readFilterState,
  updateFilterState,
} from './filter-state.js';
import { permalinkRedirect } from './payload.js';
import {
  createDashboardPermalink,
  dashboardPermalinkBody,
  readDashboardPermalink,
} from './permalink.js';

const tags = ['dashboard'];
const idParams = z.object({ id: z.string() });
const keyParams = z.object({ key: z.string() });
const idKeyParams = z.object({ id: z.string(), key: z.string() });
const idSetParams = z.object({ id: z.string(), filterSetId: z.string() });

export function registerDashboardRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  connections: DatabaseConnections,
  opts: DashboardAccessOptions,
): void {
  const read = { perm: 'can_read', view: 'Dashboard' } as const;
  const write = { perm: 'can_write', view: 'Dashboard' } as const;
  const share = { perm: 'can_share_dashboard', view: 'Superset' } as const;
  const stateRead = { perm: 'can_read', view: 'DashboardFilterStateRestApi' } as const;
  const stateWrite = { perm: 'can_write', view: 'DashboardFilterStateRestApi' } as const;
  const setsRead = { perm: 'can_read', view: 'FilterSets' } as const;
  const setsWrite = { perm: 'can_write', view: 'FilterSets' } as const;
  const ctxOf = (req: FastifyRequest) => requestContext(req, services);
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const setIdOf = (req: FastifyRequest) =>
    parseId((req.params as { filterSetId: string }).filterSetId);

  app.get(
    '/api/v1/dashboard/:id/charts',
    {
      config: { access: read },
      schema: { tags, summary: 'The charts of a dashboard (by id or slug)', params: idParams },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      return { result: await dashboardCharts(ctx, dashboard, opts) };
    },
  );

  app.get(
    '/api/v1/dashboard/:id/datasets',
    {
      config: { access: read },
      schema: {
        tags,
        summary: "The datasets of a dashboard's charts the user may read",
        params: idParams,
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      return { result: await dashboardDatasets(ctx, dashboard, connections, opts) };
    },
  );

  app.get(
    '/api/v1/dashboard/:id/tabs',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'The tabs of a dashboard (by id or slug)',
        params: idParams,
        response: { 200: dashboardTabsAnswer },
      },
    },
    async (req) => {
      const dashboard = await findVisibleDashboard(ctxOf(req), idOf(req), opts);
      return { result: dashboardTabs(dashboard.position_json) };
    },
  );

  app.post(
    '/api/v1/dashboard/:id/copy/',
    {
      config: { access: write },
      schema: { tags, summary: 'Copy a dashboard ("Save as")', params: idParams },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const source = await findVisibleDashboard(ctx, idOf(req), opts);
      const body = parseBody(copyDashboardSchema, req.body);
      return { result: await copyDashboard(ctx, source, body, opts) };
    },
  );

  app.post(
    '/api/v1/dashboard/:id/permalink',
    {
      config: { access: share },
      schema: { tags, summary: "A permanent link to a dashboard's state", params: idParams },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      const key = await createDashboardPermalink(
        ctx,
        dashboard,
        parseBody(dashboardPermalinkBody, req.body),
      );
      const host = req.headers.host ?? 'localhost';
      const url = `${req.protocol}://${host}/superset/dashboard/p/${key}/`;
      return reply.code(201).send({ key, url });
    },
  );

  app.get(
    '/api/v1/dashboard/permalink/:key',
    {
      config: { access: read },
      schema: { tags, summary: 'The dashboard state of a permanent link', params: keyParams },
    },
    async (req) => {
      const { dashboard, state } = await readDashboardPermalink(ctxOf(req), keyParam(req), opts);
      return {
        dashboardId: dashboard.id,
        state: { dashboardId: dashboard.id, ...state },
      };
    },
  );

  // The page a permalink opens: the dashboard with the key (and the link's URL parameters).
  app.get(
    '/superset/dashboard/p/:key',
    { config: { access: 'public' }, schema: { hide: true, params: keyParams } },
    async (req, reply) => {
      if (req.principal.isAnonymous) {
        const url = new URL(req.url, 'http://localhost');
        return reply.redirect(`/login/?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
      }
      try {
        const key = keyParam(req);
        const { dashboard, state } = await readDashboardPermalink(ctxOf(req), key, opts);
        return reply.redirect(permalinkRedirect(dashboard, key, state), 302);
      } catch (e) {
        if (e instanceof ApiError && e.statusCode === 404)
          return reply.redirect('/dashboard/list/', 302);
        throw e;
      }
    },
  );

  // Native filter state (`native_filters_key`), Superset's DashboardFilterStateRestApi.
  app.post(
    '/api/v1/dashboard/:id/filter_state',
    {
      config: { access: stateWrite },
      schema: {
        tags,
        summary: "Keep a dashboard's filter state; answers its key",
        params: idParams,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      const { tab_id } = parseBody(filterStateQuery, req.query);
      const { value } = parseBody(filterStateBody, req.body);
      const key = await createFilterState(ctx, dashboard, value, tab_id);
      return reply.code(201).send({ key });
    },
  );

  app.get(
    '/api/v1/dashboard/:id/filter_state/:key',
    {
      config: { access: stateRead },
      schema: { tags, summary: 'The filter state of a key', params: idKeyParams },
    },
    async (req) => {
      const key = keyParam(req);
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      return { value: await readFilterState(ctx, dashboard, key) };
    },
  );

  app.put(
    '/api/v1/dashboard/:id/filter_state/:key',
    {
      config: { access: stateWrite },
      schema: { tags, summary: 'Replace the filter state of a key', params: idKeyParams },
    },
    async (req) => {
      const key = keyParam(req);
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      const { tab_id } = parseBody(filterStateQuery, req.query);
      const { value } = parseBody(filterStateBody, req.body);
      await updateFilterState(ctx, dashboard, key, value, tab_id);
      return { key };
    },
  );

  app.delete(
    '/api/v1/dashboard/:id/filter_state/:key',
    {
      config: { access: stateWrite },
      schema: { tags, summary: 'Forget the filter state of a key', params: idKeyParams },
    },
    async (req) => {
      const key = keyParam(req);
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      await deleteFilterState(ctx, dashboard, key);
      return { message: 'Deleted successfully' };
    },
  );

  // Saved filter sets, Superset's FilterSetRestApi.
  app.get(
    '/api/v1/dashboard/:id/filtersets',
    {
      config: { access: setsRead },
      schema: {
        tags,
        summary: "A dashboard's filter sets: its own and the user's",
        params: idParams,
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      return listFilterSets(ctx, dashboard);
    },
  );

  app.post(
    '/api/v1/dashboard/:id/filtersets',
    {
      config: { access: setsWrite },
      schema: { tags, summary: 'Save a filter set of a dashboard', params: idParams },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      const body = parseBody(createFilterSetBody, req.body);
      return reply.code(201).send(await createFilterSet(ctx, dashboard, body));
    },
  );

  app.put(
    '/api/v1/dashboard/:id/filtersets/:filterSetId',
    {
      config: { access: setsWrite },
      schema: { tags, summary: "Change a dashboard's filter set", params: idSetParams },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      const filterSetId = setIdOf(req);
      const body = parseBody(updateFilterSetBody, req.body);
      return updateFilterSet(ctx, dashboard, filterSetId, body);
    },
  );

  app.delete(
    '/api/v1/dashboard/:id/filtersets/:filterSetId',
    {
      config: { access: setsWrite },
      schema: { tags, summary: "Delete a dashboard's filter set", params: idSetParams },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const dashboard = await findVisibleDashboard(ctx, idOf(req), opts);
      await deleteFilterSet(ctx, dashboard, setIdOf(req));
      return { message: 'OK' };
    },
  );
}
