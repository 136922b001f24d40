import { sql } from 'kysely';
import { humanizeTimeDelta } from '@strata/core';
import { toDate, toIso } from '../metadata/db.js';
import type { ResourceColumn } from './resource-types.js';
import type { UserSummary } from './user-summaries.js';

/** Filterable/sortable audit columns shared by resources with created/changed fields. */
export function auditColumns(): Record<string, ResourceColumn> {
  const changedOn = () => sql.ref('t.changed_on');
  return {
    changed_on: { type: 'datetime', sortable: true },
    changed_on_delta_humanized: { type: 'datetime', sortable: true, expr: changedOn },
    changed_on_utc: { type: 'datetime', sortable: true, expr: changedOn },
    created_on: { type: 'datetime', sortable: true },
    created_by: { type: 'number', relation: { kind: 'one', fkColumn: 'created_by_fk' } },
    changed_by: { type: 'number', relation: { kind: 'one', fkColumn: 'changed_by_fk' } },
    'changed_by.first_name': {
      type: 'string',
      sortable: true,
      expr: () => sql`(select u.first_name from ab_user u where u.id = t.changed_by_fk)`,
    },
    'created_by.first_name': {
      type: 'string',
      sortable: true,
      expr: () => sql`(select u.first_name from ab_user u where u.id = t.created_by_fk)`,
    },
  };
}

/** "First Last" of a user as Flask-AppBuilder prints one; '' for none. */
export function fullName(user: { first_name: string; last_name: string } | undefined): string {
  return user ? `${user.first_name} ${user.last_name}`.trim() : '';
}

/** The audit fields of an API object. */
export function auditFields(
  row: {
    created_on: string | Date | null;
    changed_on: string | Date | null;
    created_by_fk: number | null;
    changed_by_fk: number | null;
  },
  users: Map<number, UserSummary>,
  now: Date = new Date(),
) {
  const changed = toDate(row.changed_on);
  const created = toDate(row.created_on);
  const changedBy = row.changed_by_fk ? users.get(row.changed_by_fk) : undefined;
  const createdBy = row.created_by_fk ? users.get(row.created_by_fk) : undefined;
  return {
    changed_on: toIso(row.changed_on),
    changed_on_utc: toIso(row.changed_on),
    changed_on_delta_humanized: changed ? humanizeTimeDelta(changed, now) : null,
    created_on: toIso(row.created_on),
    created_on_delta_humanized: created ? humanizeTimeDelta(created, now) : null,
    created_by: row.created_by_fk ? (users.get(row.created_by_fk) ?? null) : null,
    changed_by: row.changed_by_fk ? (users.get(row.changed_by_fk) ?? null) : null,
    // Superset's AuditMixin names: the user's full name, '' when there is none.
    changed_by_name: fullName(changedBy),
    created_by_name: fullName(createdBy),
  };
}

/** Related users for owners/created_by/changed_by filters: active users, "First Last". */
export const relatedUsers = {
  table: 'ab_user',
  valueColumn: 'id',
  text: () => sql<string>`r.first_name || ' ' || r.last_name`,
  searchColumns: ['first_name', 'last_name', 'username', 'email'],
  where: () => sql`r.active = ${true}`,
  extraColumns: ['email', 'active'],
  extra: (row: Record<string, unknown>) => ({
    email: row.email,
    active: row.active === true || row.active === 1,
  }),
};

/** Related roles (a dashboard's roles, with DASHBOARD_RBAC): their names. */
export const relatedRoles = {
  table: 'ab_role',
  valueColumn: 'id',
  text: () => sql<string>`r.name`,
  searchColumns: ['name'],
};

/** Related databases for `database` filters: their names. */
export const relatedDatabases = {
  table: 'dbs',
  valueColumn: 'id',
  text: () => sql<string>`r.database_name`,
  searchColumns: ['database_name'],
};

/** A `database` relation over a foreign key, and its name as a sortable column. */
export function databaseColumns(fkColumn: string): Record<string, ResourceColumn> {
  return {
    database: { type: 'number', relation: { kind: 'one', fkColumn } },
    'database.database_name': {
      type: 'string',
      sortable: true,
      expr: () => sql`(select d.database_name from dbs d where d.id = ${sql.ref(`t.${fkColumn}`)})`,
    },
  };
}
