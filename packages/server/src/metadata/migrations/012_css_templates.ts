import type { Kysely } from 'kysely';
import { withAudit, withId, type DialectTypes, type Migration } from './helpers.js';

/**
 * CSS templates (issue 21), Superset's `css_templates` table: a named piece of CSS a dashboard's
 * CSS editor can load. Names are not unique, as in Superset.
 */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  await withAudit(t, withId(t, db.schema.createTable('css_templates')))
    .addColumn('template_name', 'varchar(250)')
    .addColumn('css', t.longText)
    .execute();
}

export const migration012: Migration = { name: '012_css_templates', up };
