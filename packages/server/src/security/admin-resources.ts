import { sql } from 'kysely';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import type { RequestContext, ResourceDefinition } from '../api/resource-types.js';
import { loadUserSummaries } from '../api/user-summaries.js';
import { nowIso, toBool, toIso } from '../metadata/db.js';
import { BUILTIN_ROLE_NAMES } from './catalogue.js';
import { hashPassword } from './passwords.js';

const USER_VIEW = 'User';
const ROLE_VIEW = 'Role';

const userFields = {
  username: z.string().trim().min(1).max(100),
  first_name: z.string().trim().min(1).max(64),
  last_name: z.string().trim().min(1).max(64),
  email: z.email().max(320),
  password: z.string().min(8, 'Password must be at least 8 characters').max(1024),
  active: z.boolean(),
  roles: z.array(z.number().int()).max(100),
};
const createUserSchema = z
  .object({
    ...userFields,
    active: userFields.active.default(true),
    roles: userFields.roles.default([]),
  })
  .strict();
const updateUserSchema = z.object(userFields).partial().strict();

async function assertRolesExist(ctx: RequestContext, roleIds: number[]): Promise<void> {
  if (roleIds.length === 0) return;
  const found = await ctx.db
    .selectFrom('ab_role')
    .select('id')
    .where('id', 'in', roleIds)
    .execute();
  if (found.length !== new Set(roleIds).size) {
    throw new ApiError(422, 'Validation error', {
      message: { roles: ['One or more roles do not exist'] },
    });
  }
}

async function assertUnique(
  ctx: RequestContext,
  field: 'username' | 'email',
  value: string,
  exceptId?: number,
) {
  let q = ctx.db.selectFrom('ab_user').select('id').where(field, '=', value);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) {
    throw new ApiError(422, 'Validation error', {
      message: { [field]: [`${field} already exists`] },
    });
  }
}

/** Whether two lists of role ids name the same set of roles (pure). */
export function sameRoleSet(a: number[], b: number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...right].every((r) => left.has(r));
}

export function usersResource(): ResourceDefinition {
  return {
    prefix: '/api/v1/security/users',
    table: 'ab_user',
    view: USER_VIEW,
    noun: 'user',
    titleColumn: 'username',
    columns: {
      id: { type: 'number', sortable: true },
      username: { type: 'string', sortable: true },
      first_name: { type: 'string', sortable: true },
      last_name: { type: 'string', sortable: true },
      email: { type: 'string', sortable: true },
      active: { type: 'boolean', sortable: true },
      last_login: { type: 'datetime', sortable: true },
      login_count: { type: 'number', sortable: true },
      changed_on: { type: 'datetime', sortable: true },
      changed_on_delta_humanized: {
        type: 'datetime',
        sortable: true,
        expr: () => sql.ref('t.changed_on'),
      },
      roles: {
        type: 'number',
        relation: {
          kind: 'many',
          linkTable: 'ab_user_role',
          linkOwnerColumn: 'user_id',
          linkTargetColumn: 'role_id',
        },
      },
    },
    defaultOrder: { column: 'username', direction: 'asc' },
    listColumns: [
      'id',
      'username',
      'first_name',
      'last_name',
      'email',
      'active',
      'roles',
      'last_login',
      'login_count',
      'fail_login_count',
      'created_on',
      'changed_on',
      'created_by',
      'changed_by',
    ],
    related: {
      roles: {
        table: 'ab_role',
        valueColumn: 'id',
        text: () => sql<string>`r.name`,
        searchColumns: ['name'],
      },
    },
    distinct: ['username', 'email'],
    async load(ctx, ids) {
      const users = await ctx.db
        .selectFrom('ab_user')
        .select([
          'id',
          'username',
          'first_name',
          'last_name',
          'email',
          'active',
          'last_login',
          'login_count',
          'fail_login_count',
          'created_on',
          'changed_on',
          'created_by_fk',
          'changed_by_fk',
        ])
        .where('id', 'in', ids)
        .execute();
      const links = await ctx.db
        .selectFrom('ab_user_role as ur')
        .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
        .select(['ur.user_id', 'r.id', 'r.name'])
        .where('ur.user_id', 'in', ids)
        .orderBy('r.name')
        .execute();
      const audit = await loadUserSummaries(
        ctx.db,
        users.flatMap((u) => [u.created_by_fk, u.changed_by_fk]),
      );
      return new Map(
        users.map((u) => [
          u.id,
          {
            id: u.id,
            username: u.username,
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email,
            active: toBool(u.active),
            last_login: toIso(u.last_login),
            login_count: u.login_count,
            fail_login_count: u.fail_login_count,
            created_on: toIso(u.created_on),
            changed_on: toIso(u.changed_on),
            created_by: u.created_by_fk ? (audit.get(u.created_by_fk) ?? null) : null,
            changed_by: u.changed_by_fk ? (audit.get(u.changed_by_fk) ?? null) : null,
            roles: links.filter((l) => l.user_id === u.id).map((l) => ({ id: l.id, name: l.name })),
          },
        ]),
      );
    },
    async remove(trx, ids, ctx) {
      if (ids.includes(ctx.principal.id))
        throw new ApiError(422, 'You cannot delete your own user');
      await trx.deleteFrom('ab_user').where('id', 'in', ids).execute();
    },
    write: {
      createSchema: createUserSchema,
      updateSchema: updateUserSchema,
      async create(ctx, raw) {
        const body = raw as z.infer<typeof createUserSchema>;
        await assertUnique(ctx, 'username', body.username);
        await assertUnique(ctx, 'email', body.email);
        await assertRolesExist(ctx, body.roles);
        const password = await hashPassword(body.password);
        return ctx.db.transaction().execute(async (trx) => {
          const now = nowIso();
          const row = await trx
            .insertInto('ab_user')
            .values({
              username: body.username,
              first_name: body.first_name,
              last_name: body.last_name,
              email: body.email,
              password,
              active: body.active,
              login_count: 0,
              fail_login_count: 0,
              last_login: null,
              created_on: now,
              changed_on: now,
              created_by_fk: ctx.principal.id,
              changed_by_fk: ctx.principal.id,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const roles = [...new Set(body.roles)];
          if (roles.length) {
            await trx
              .insertInto('ab_user_role')
              .values(roles.map((role_id) => ({ user_id: row.id, role_id })))
              .execute();
          }
          return row.id;
        });
      },
      async update(ctx, id, raw) {
        const body = raw as z.infer<typeof updateUserSchema>;
        if (id === ctx.principal.id && body.active === false) {
          throw new ApiError(422, 'You cannot deactivate your own user');
        }
        if (body.username !== undefined) await assertUnique(ctx, 'username', body.username, id);
        if (body.email !== undefined) await assertUnique(ctx, 'email', body.email, id);
        if (body.roles !== undefined) await assertRolesExist(ctx, body.roles);
        const password =
          body.password !== undefined ? await hashPassword(body.password) : undefined;
        // A new password, a change of active or of roles bumps the user's token generation and
        // ends their sessions: triggers do it (migration 007), for every code path.
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .updateTable('ab_user')
            .set({
              ...(body.username !== undefined && { username: body.username }),
              ...(body.first_name !== undefined && { first_name: body.first_name }),
              ...(body.last_name !== undefined && { last_name: body.last_name }),
              ...(body.email !== undefined && { email: body.email }),
              ...(body.active !== undefined && { active: body.active }),
              ...(password !== undefined && { password }),
              changed_on: nowIso(),
              changed_by_fk: ctx.principal.id,
            })
            .where('id', '=', id)
            .execute();
          if (body.roles === undefined) return;
          const current = await trx
            .selectFrom('ab_user_role')
            .select('role_id')
            .where('user_id', '=', id)
            .execute();
          // The same roles sent again (the edit form sends them all) change nothing.
          if (
            sameRoleSet(
              current.map((r) => r.role_id),
              body.roles,
            )
          )
            return;
          await trx.deleteFrom('ab_user_role').where('user_id', '=', id).execute();
          const roles = [...new Set(body.roles)];
          if (roles.length) {
            await trx
              .insertInto('ab_user_role')
              .values(roles.map((role_id) => ({ user_id: id, role_id })))
              .execute();
          }
        });
      },
    },
  };
}

const roleSchema = z.object({ name: z.string().trim().min(1).max(64) }).strict();

async function assertRoleNameFree(ctx: RequestContext, name: string, exceptId?: number) {
  let q = ctx.db.selectFrom('ab_role').select('id').where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) {
    throw new ApiError(422, 'Validation error', {
      message: { name: ['A role with this name already exists'] },
    });
  }
}

async function assertNotBuiltin(ctx: RequestContext, id: number, what: string) {
  const role = await ctx.db
    .selectFrom('ab_role')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  if (role && BUILTIN_ROLE_NAMES.includes(role.name)) {
    throw new ApiError(422, `The built-in role ${role.name} cannot be ${what}`);
  }
}

export function rolesResource(): ResourceDefinition {
  return {
    prefix: '/api/v1/security/roles',
    table: 'ab_role',
    view: ROLE_VIEW,
    noun: 'role',
    titleColumn: 'name',
    columns: {
      id: { type: 'number', sortable: true },
      name: { type: 'string', sortable: true },
    },
    defaultOrder: { column: 'name', direction: 'asc' },
    listColumns: ['id', 'name'],
    distinct: ['name'],
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom('ab_role')
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
    },
    async remove(trx, ids, ctx) {
      for (const id of ids) await assertNotBuiltin({ ...ctx, db: trx }, id, 'deleted');
      await trx.deleteFrom('ab_role').where('id', 'in', ids).execute();
    },
    write: {
      createSchema: roleSchema,
      updateSchema: roleSchema,
      async create(ctx, raw) {
        const body = raw as z.infer<typeof roleSchema>;
        await assertRoleNameFree(ctx, body.name);
        const row = await ctx.db
          .insertInto('ab_role')
          .values({ name: body.name })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      },
      async update(ctx, id, raw) {
        const body = raw as z.infer<typeof roleSchema>;
        const current = await ctx.db
          .selectFrom('ab_role')
          .select('name')
          .where('id', '=', id)
          .executeTakeFirst();
        if (current && current.name !== body.name) await assertNotBuiltin(ctx, id, 'renamed');
        await assertRoleNameFree(ctx, body.name, id);
        await ctx.db.updateTable('ab_role').set({ name: body.name }).where('id', '=', id).execute();
      },
    },
  };
}

/** Permission names (read-only). */
export function permissionsResource(): ResourceDefinition {
  return namedReadOnly('/api/v1/security/permissions', 'ab_permission', 'Permission', 'permission');
}

/** View menus, i.e. resources (read-only). */
export function viewMenusResource(): ResourceDefinition {
  return namedReadOnly('/api/v1/security/resources', 'ab_view_menu', 'ViewMenu', 'resource');
}

function namedReadOnly(
  prefix: string,
  table: 'ab_permission' | 'ab_view_menu',
  view: string,
  noun: string,
): ResourceDefinition {
  return {
    prefix,
    table,
    view,
    noun,
    titleColumn: 'name',
    deletable: false,
    columns: { id: { type: 'number', sortable: true }, name: { type: 'string', sortable: true } },
    defaultOrder: { column: 'name', direction: 'asc' },
    listColumns: ['id', 'name'],
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom(table)
        .select(['id', 'name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
    },
  };
}

/** Permission-on-resource pairs (read-only). */
export function permissionViewsResource(): ResourceDefinition {
  return {
    prefix: '/api/v1/security/permissions-resources',
    table: 'ab_permission_view',
    view: 'PermissionViewMenu',
    noun: 'permission',
    titleColumn: 'id',
    deletable: false,
    columns: {
      id: { type: 'number', sortable: true },
      permission: {
        type: 'string',
        sortable: true,
        expr: () => sql`(select p.name from ab_permission p where p.id = t.permission_id)`,
      },
      view_menu: {
        type: 'string',
        sortable: true,
        expr: () => sql`(select v.name from ab_view_menu v where v.id = t.view_menu_id)`,
      },
    },
    defaultOrder: { column: 'view_menu', direction: 'asc' },
    listColumns: ['id', 'permission', 'view_menu'],
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom('ab_permission_view as pv')
        .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
        .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
        .select(['pv.id', 'p.id as pid', 'p.name as pname', 'v.id as vid', 'v.name as vname'])
        .where('pv.id', 'in', ids)
        .execute();
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            permission: { id: r.pid, name: r.pname },
            view_menu: { id: r.vid, name: r.vname },
          },
        ]),
      );
    },
  };
}
