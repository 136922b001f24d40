import {
  CSS_TEMPLATE_VIEW,
  cssTemplateCreate,
  cssTemplateShow,
  cssTemplateUpdate,
  type CssTemplateCreate,
  type CssTemplateUpdate,
} from '@strata/core';
import { anyTextFilter } from '../api/access-filters.js';
import { changedAudit, createdAudit, loadAuditUsers, sentFields } from '../api/audit.js';
import { auditColumns, auditFields, relatedUsers } from '../api/common-columns.js';
import type { RequestContext, ResourceDefinition, WriteHandlers } from '../api/resource-types.js';

async function createTemplate(ctx: RequestContext, body: CssTemplateCreate): Promise<number> {
  const row = await ctx.db
    .insertInto('css_templates')
    .values({
      template_name: body.template_name,
      css: body.css ?? '',
      ...createdAudit(ctx.principal.id),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function updateTemplate(
  ctx: RequestContext,
  id: number,
  body: CssTemplateUpdate,
): Promise<void> {
  await ctx.db
    .updateTable('css_templates')
    .set({ ...sentFields(body), ...changedAudit(ctx.principal.id) })
    .where('id', '=', id)
    .execute();
}

function writeHandlers(): WriteHandlers<CssTemplateCreate, CssTemplateUpdate> {
  return {
    createSchema: cssTemplateCreate,
    updateSchema: cssTemplateUpdate,
    create: createTemplate,
    update: (ctx, id, body) => updateTemplate(ctx, id, body),
  };
}

/** Superset's user references in CSS template answers: id, first and last name. */
function userRef(u: { id: number; first_name: string; last_name: string } | null) {
  return u ? { id: u.id, first_name: u.first_name, last_name: u.last_name } : null;
}

/**
 * `/api/v1/css_template/` (Superset's CssTemplateRestApi) through the REST conventions: list
 * (order by template_name and the audit columns, the all-text filter `css_template_all_text` on
 * name and CSS), `_info`, `related/created_by|changed_by`, get, create, update, delete, bulk
 * delete. can_read / can_write on `CssTemplate`.
 */
export function cssTemplatesResource(): ResourceDefinition {
  return {
    prefix: '/api/v1/css_template',
    table: 'css_templates',
    view: CSS_TEMPLATE_VIEW,
    noun: 'css template',
    titleColumn: 'template_name',
    columns: {
      id: { type: 'number', sortable: true },
      template_name: { type: 'string', sortable: true },
      css: { type: 'string' },
      ...auditColumns(),
    },
    customFilters: {
      css_template_all_text: anyTextFilter(['template_name', 'css']),
    },
    defaultOrder: { column: 'template_name', direction: 'asc' },
    listColumns: [
      'id',
      'template_name',
      'css',
      'changed_on_delta_humanized',
      'changed_by',
      'created_on',
      'created_by',
    ],
    showColumns: [
      'id',
      'template_name',
      'css',
      'changed_on_delta_humanized',
      'changed_by',
      'created_by',
    ],
    itemSchema: cssTemplateShow,
    related: { created_by: relatedUsers, changed_by: relatedUsers },
    distinct: ['template_name'],
    write: writeHandlers() as ResourceDefinition['write'],
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom('css_templates')
        .selectAll()
        .where('id', 'in', ids)
        .execute();
      const users = await loadAuditUsers(ctx.db, rows);
      return new Map(
        rows.map((r) => {
          const audit = auditFields(r, users);
          return [
            r.id,
            {
              id: r.id,
              template_name: r.template_name,
              css: r.css,
              ...audit,
              changed_by: userRef(audit.changed_by),
              created_by: userRef(audit.created_by),
            },
          ];
        }),
      );
    },
  };
}
