import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { parseId, zodFieldErrors } from '../api/query-params.js';
import type { MetadataDb } from '../metadata/db.js';

const setPermissionsBody = z
  .object({ permission_view_menu_ids: z.array(z.number().int()).max(10000) })
  .strict();

/** A role's permission pairs: read them, and replace them in one transaction. */
export function registerRolePermissionRoutes(app: FastifyInstance, db: MetadataDb): void {
  app.get<{ Params: { id: string } }>(
    '/api/v1/security/roles/:id/permissions/',
    { config: { access: { perm: 'can_read', view: 'Role' } } },
    async (req) => {
      const id = parseId(req.params.id);
      const role = await db
        .selectFrom('ab_role')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!role) throw new ApiError(404, 'Not found');
      const rows = await db
        .selectFrom('ab_permission_view_role as pvr')
        .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
        .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
        .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
        .select(['pv.id', 'p.name as permission_name', 'v.name as view_menu_name'])
        .where('pvr.role_id', '=', id)
        .orderBy('v.name')
        .orderBy('p.name')
        .execute();
      return { result: rows };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/v1/security/roles/:id/permissions',
    { config: { access: { perm: 'can_write', view: 'Role' } } },
    async (req) => {
      const id = parseId(req.params.id);
      const parsed = setPermissionsBody.safeParse(req.body ?? {});
      if (!parsed.success)
        throw new ApiError(400, 'Bad request', { message: zodFieldErrors(parsed.error) });
      const ids = [...new Set(parsed.data.permission_view_menu_ids)];
      const role = await db
        .selectFrom('ab_role')
        .select(['id', 'name'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!role) throw new ApiError(404, 'Not found');
      if (role.name === 'Admin')
        throw new ApiError(422, 'The permissions of the Admin role cannot be changed');
      if (ids.length) {
        const found = await db
          .selectFrom('ab_permission_view')
          .select('id')
          .where('id', 'in', ids)
          .execute();
        if (found.length !== ids.length) {
          throw new ApiError(422, 'Validation error', {
            message: { permission_view_menu_ids: ['One or more permissions do not exist'] },
          });
        }
      }
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('ab_permission_view_role').where('role_id', '=', id).execute();
        if (ids.length) {
          await trx
            .insertInto('ab_permission_view_role')
            .values(ids.map((pv) => ({ permission_view_id: pv, role_id: id })))
            .execute();
        }
      });
      return { result: { permission_view_menu_ids: ids } };
    },
  );
}
