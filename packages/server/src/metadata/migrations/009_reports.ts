import { sql, type Kysely } from 'kysely';
import { withAudit, withId, type DialectTypes, type Migration } from './helpers.js';

/**
 * Alerts & reports (issue 18), Superset's tables: `report_schedule` (an alert or a report: its
 * content, schedule, condition and last evaluation), `report_schedule_user` (owners),
 * `report_recipient` (where it is sent) and `report_execution_log` (one row per run).
 * Deleting a report deletes its recipients, owners and logs; a chart, dashboard or database
 * with reports cannot be deleted (the API says which reports hold it).
 *
 * A `schedules` change counter (as migration 005's) counts writes that change when reports
 * fire (insert, delete, and updates of `crontab`, `timezone`, `active`), so every scheduler
 * process sees a change made anywhere without re-reading the reports on every tick.
 */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  const s = db.schema;
  await withAudit(t, withId(t, s.createTable('report_schedule')))
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('description', t.longText)
    .addColumn('context_markdown', t.longText)
    .addColumn('active', t.bool, (c) =>
      c.notNull().defaultTo(t.dialect === 'postgresql' ? true : 1),
    )
    .addColumn('crontab', 'varchar(1000)', (c) => c.notNull())
    .addColumn('creation_method', 'varchar(255)', (c) => c.notNull().defaultTo('alerts_reports'))
    .addColumn('timezone', 'varchar(100)', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('report_format', 'varchar(50)', (c) => c.notNull().defaultTo('PNG'))
    .addColumn('sql', t.longText)
    .addColumn('chart_id', 'integer', (c) => c.references('slices.id'))
    .addColumn('dashboard_id', 'integer', (c) => c.references('dashboards.id'))
    .addColumn('database_id', 'integer', (c) => c.references('dbs.id'))
    .addColumn('last_eval_dttm', t.timestamp)
    .addColumn('last_state', 'varchar(50)')
    .addColumn('last_value', 'double precision')
    .addColumn('last_value_row_json', t.longText)
    .addColumn('validator_type', 'varchar(100)')
    .addColumn('validator_config_json', t.longText)
    .addColumn('log_retention', 'integer', (c) => c.notNull().defaultTo(90))
    .addColumn('grace_period', 'integer', (c) => c.notNull().defaultTo(14_400))
    .addColumn('working_timeout', 'integer', (c) => c.notNull().defaultTo(3_600))
    .addColumn('force_screenshot', t.bool, (c) =>
      c.notNull().defaultTo(t.dialect === 'postgresql' ? false : 0),
    )
    .addColumn('custom_width', 'integer')
    .addColumn('custom_height', 'integer')
    .addColumn('email_subject', 'varchar(255)')
    .addColumn('extra_json', t.longText, (c) => c.notNull().defaultTo('{}'))
    .addUniqueConstraint('report_schedule_name_type_uq', ['name', 'type'])
    .execute();
  await s
    .createIndex('report_schedule_chart_idx')
    .on('report_schedule')
    .column('chart_id')
    .execute();
  await s
    .createIndex('report_schedule_dashboard_idx')
    .on('report_schedule')
    .column('dashboard_id')
    .execute();

  await withId(t, s.createTable('report_schedule_user'))
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().references('ab_user.id').onDelete('cascade'),
    )
    .addColumn('report_schedule_id', 'integer', (c) =>
      c.notNull().references('report_schedule.id').onDelete('cascade'),
    )
    .addUniqueConstraint('report_schedule_user_uq', ['user_id', 'report_schedule_id'])
    .execute();

  await withAudit(t, withId(t, s.createTable('report_recipient')))
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('recipient_config_json', t.longText, (c) => c.notNull())
    .addColumn('report_schedule_id', 'integer', (c) =>
      c.notNull().references('report_schedule.id').onDelete('cascade'),
    )
    .execute();

  await withId(t, s.createTable('report_execution_log'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('scheduled_dttm', t.timestamp, (c) => c.notNull())
    .addColumn('start_dttm', t.timestamp)
    .addColumn('end_dttm', t.timestamp)
    .addColumn('value', 'double precision')
    .addColumn('value_row_json', t.longText)
    .addColumn('state', 'varchar(50)', (c) => c.notNull())
    .addColumn('error_message', t.longText)
    .addColumn('report_schedule_id', 'integer', (c) =>
      c.notNull().references('report_schedule.id').onDelete('cascade'),
    )
    .execute();
  await s
    .createIndex('report_execution_log_report_idx')
    .on('report_execution_log')
    .columns(['report_schedule_id', 'start_dttm'])
    .execute();

  await sql`INSERT INTO strata_version (name, version) VALUES ('schedules', 0)`.execute(db);
  if (t.dialect === 'postgresql') {
    await sql
      .raw(
        'CREATE TRIGGER report_schedule_strata_version ' +
          'AFTER INSERT OR DELETE OR UPDATE OF crontab, timezone, active ON report_schedule ' +
          "FOR EACH STATEMENT EXECUTE PROCEDURE strata_bump_version('schedules')",
      )
      .execute(db);
  } else {
    for (const event of ['INSERT', 'DELETE', 'UPDATE OF crontab, timezone, active']) {
      const suffix = event.split(' ')[0]!.toLowerCase();
      await sql
        .raw(
          `CREATE TRIGGER report_schedule_strata_version_${suffix} AFTER ${event} ON report_schedule ` +
            "BEGIN UPDATE strata_version SET version = version + 1 WHERE name = 'schedules'; END",
        )
        .execute(db);
    }
  }
}

export const migration009: Migration = { name: '009_reports', up };
