import type { Kysely } from 'kysely';
import { withAudit, withId, type DialectTypes, type Migration } from './helpers.js';

/** Users, roles, permissions, sessions, favourites, the event log and the core entities. */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  const s = db.schema;
  await withId(t, s.createTable('ab_user'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('first_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('password', 'varchar(256)')
    .addColumn('active', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('last_login', t.timestamp)
    .addColumn('login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fail_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_on', t.timestamp)
    .addColumn('changed_on', t.timestamp)
    .addColumn('created_by_fk', 'integer')
    .addColumn('changed_by_fk', 'integer')
    .execute();

  await withId(t, s.createTable('ab_role'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .execute();
  await withId(t, s.createTable('ab_user_role'))
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().references('ab_user.id').onDelete('cascade'),
    )
    .addColumn('role_id', 'integer', (c) =>
      c.notNull().references('ab_role.id').onDelete('cascade'),
    )
    .addUniqueConstraint('ab_user_role_uq', ['user_id', 'role_id'])
    .execute();
  await withId(t, s.createTable('ab_permission'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .execute();
  await withId(t, s.createTable('ab_view_menu'))
    .addColumn('name', 'varchar(250)', (c) => c.notNull().unique())
    .execute();
  await withId(t, s.createTable('ab_permission_view'))
    .addColumn('permission_id', 'integer', (c) =>
      c.notNull().references('ab_permission.id').onDelete('cascade'),
    )
    .addColumn('view_menu_id', 'integer', (c) =>
      c.notNull().references('ab_view_menu.id').onDelete('cascade'),
    )
    .addUniqueConstraint('ab_permission_view_uq', ['permission_id', 'view_menu_id'])
    .execute();
  await withId(t, s.createTable('ab_permission_view_role'))
    .addColumn('permission_view_id', 'integer', (c) =>
      c.notNull().references('ab_permission_view.id').onDelete('cascade'),
    )
    .addColumn('role_id', 'integer', (c) =>
      c.notNull().references('ab_role.id').onDelete('cascade'),
    )
    .addUniqueConstraint('ab_permission_view_role_uq', ['permission_view_id', 'role_id'])
    .execute();

  await s
    .createTable('strata_session')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().references('ab_user.id').onDelete('cascade'),
    )
    .addColumn('created_on', t.timestamp, (c) => c.notNull())
    .addColumn('expires_on', t.timestamp, (c) => c.notNull())
    .addColumn('last_seen', t.timestamp, (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .execute();
  await s.createIndex('strata_session_user_idx').on('strata_session').column('user_id').execute();

  await withId(t, s.createTable('favstar'))
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().references('ab_user.id').onDelete('cascade'),
    )
    .addColumn('class_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('obj_id', 'integer', (c) => c.notNull())
    .addColumn('dttm', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('favstar_uq', ['user_id', 'class_name', 'obj_id'])
    .execute();

  await withId(t, s.createTable('logs'))
    .addColumn('action', 'varchar(512)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('json', t.longText, (c) => c.notNull())
    .addColumn('dttm', t.timestamp, (c) => c.notNull())
    .addColumn('dashboard_id', 'integer')
    .addColumn('slice_id', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('referrer', 'varchar(1024)')
    .execute();
  await s.createIndex('logs_user_dttm_idx').on('logs').columns(['user_id', 'dttm']).execute();

  await withAudit(t, withId(t, s.createTable('dbs')))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('database_name', 'varchar(250)', (c) => c.notNull().unique())
    .addColumn('sqlalchemy_uri', 'varchar(1024)', (c) => c.notNull())
    .addColumn('password', t.longText)
    .addColumn('expose_in_sqllab', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('allow_run_async', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('allow_dml', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('allow_ctas', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('allow_cvas', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('allow_file_upload', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('cache_timeout', 'integer')
    .addColumn('extra', t.longText)
    .addColumn('impersonate_user', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('encrypted_extra', t.longText)
    .addColumn('server_cert', t.longText)
    .addColumn('verbose_name', 'varchar(250)')
    .addColumn('configuration_method', 'varchar(255)')
    .addColumn('is_managed_externally', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('external_url', t.longText)
    .execute();

  await withAudit(t, withId(t, s.createTable('tables')))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('table_name', 'varchar(250)', (c) => c.notNull())
    .addColumn('database_id', 'integer', (c) => c.notNull().references('dbs.id'))
    .addColumn('schema', 'varchar(255)')
    .addColumn('catalog', 'varchar(256)')
    .addColumn('sql', t.longText)
    .addColumn('description', t.longText)
    .addColumn('main_dttm_col', 'varchar(250)')
    .addColumn('default_endpoint', t.longText)
    .addColumn('offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cache_timeout', 'integer')
    .addColumn('filter_select_enabled', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('fetch_values_predicate', t.longText)
    .addColumn('is_sqllab_view', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('template_params', t.longText)
    .addColumn('extra', t.longText)
    .addColumn('normalize_columns', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('always_filter_main_dttm', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('is_managed_externally', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('external_url', t.longText)
    .execute();
  await withId(t, s.createTable('sqlatable_user'))
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().references('ab_user.id').onDelete('cascade'),
    )
    .addColumn('table_id', 'integer', (c) =>
      c.notNull().references('tables.id').onDelete('cascade'),
    )
    .addUniqueConstraint('sqlatable_user_uq', ['user_id', 'table_id'])
    .execute();

  await withAudit(t, withId(t, s.createTable('slices')))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('slice_name', 'varchar(250)', (c) => c.notNull())
    .addColumn('datasource_id', 'integer')
    .addColumn('datasource_type', 'varchar(200)')
    .addColumn('viz_type', 'varchar(250)')
    .addColumn('params', t.longText)
    .addColumn('query_context', t.longText)
    .addColumn('description', t.longText)
    .addColumn('cache_timeout', 'integer')
    .addColumn('certified_by', t.longText)
    .addColumn('certification_details', t.longText)
    .addColumn('is_managed_externally', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('external_url', t.longText)
    .addColumn('last_saved_at', t.timestamp)
    .addColumn('last_saved_by_fk', 'integer', (c) =>
      c.references('ab_user.id').onDelete('set null'),
    )
    .execute();
  await withId(t, s.createTable('slice_user'))
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().references('ab_user.id').onDelete('cascade'),
    )
    .addColumn('slice_id', 'integer', (c) =>
      c.notNull().references('slices.id').onDelete('cascade'),
    )
    .addUniqueConstraint('slice_user_uq', ['user_id', 'slice_id'])
    .execute();

  await withAudit(t, withId(t, s.createTable('dashboards')))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('dashboard_title', 'varchar(500)')
    .addColumn('slug', 'varchar(255)', (c) => c.unique())
    .addColumn('position_json', t.longText)
    .addColumn('json_metadata', t.longText)
    .addColumn('css', t.longText)
    .addColumn('description', t.longText)
    .addColumn('published', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('certified_by', t.longText)
    .addColumn('certification_details', t.longText)
    .addColumn('is_managed_externally', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('external_url', t.longText)
    .execute();
  await withId(t, s.createTable('dashboard_user'))
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().references('ab_user.id').onDelete('cascade'),
    )
    .addColumn('dashboard_id', 'integer', (c) =>
      c.notNull().references('dashboards.id').onDelete('cascade'),
    )
    .addUniqueConstraint('dashboard_user_uq', ['user_id', 'dashboard_id'])
    .execute();
  await withId(t, s.createTable('dashboard_roles'))
    .addColumn('role_id', 'integer', (c) =>
      c.notNull().references('ab_role.id').onDelete('cascade'),
    )
    .addColumn('dashboard_id', 'integer', (c) =>
      c.notNull().references('dashboards.id').onDelete('cascade'),
    )
    .addUniqueConstraint('dashboard_roles_uq', ['role_id', 'dashboard_id'])
    .execute();
  await withId(t, s.createTable('dashboard_slices'))
    .addColumn('dashboard_id', 'integer', (c) =>
      c.notNull().references('dashboards.id').onDelete('cascade'),
    )
    .addColumn('slice_id', 'integer', (c) =>
      c.notNull().references('slices.id').onDelete('cascade'),
    )
    .addUniqueConstraint('dashboard_slices_uq', ['dashboard_id', 'slice_id'])
    .execute();

  await withAudit(t, withId(t, s.createTable('saved_query')))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('db_id', 'integer', (c) => c.notNull().references('dbs.id').onDelete('cascade'))
    .addColumn('schema', 'varchar(128)')
    .addColumn('catalog', 'varchar(256)')
    .addColumn('label', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', t.longText)
    .addColumn('sql', t.longText, (c) => c.notNull())
    .addColumn('template_parameters', t.longText)
    .addColumn('extra_json', t.longText)
    .addColumn('last_run', t.timestamp)
    .addColumn('rows', 'integer')
    .execute();

  await withId(t, s.createTable('query'))
    .addColumn('client_id', 'varchar(11)', (c) => c.notNull().unique())
    .addColumn('database_id', 'integer', (c) =>
      c.notNull().references('dbs.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('tmp_table_name', 'varchar(256)')
    .addColumn('tab_name', 'varchar(256)')
    .addColumn('sql_editor_id', 'varchar(256)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('schema', 'varchar(256)')
    .addColumn('catalog', 'varchar(256)')
    .addColumn('sql', t.longText, (c) => c.notNull())
    .addColumn('select_sql', t.longText)
    .addColumn('executed_sql', t.longText)
    .addColumn('limit', 'integer')
    .addColumn('limiting_factor', 'varchar(255)')
    .addColumn('select_as_cta', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('select_as_cta_used', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('ctas_method', 'varchar(16)')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows', 'integer')
    .addColumn('error_message', t.longText)
    .addColumn('results_key', 'varchar(64)')
    .addColumn('start_time', t.bigint)
    .addColumn('start_running_time', t.bigint)
    .addColumn('end_time', t.bigint)
    .addColumn('end_result_backend_time', t.bigint)
    .addColumn('tracking_url', t.longText)
    .addColumn('extra_json', t.longText)
    .addColumn('changed_on', t.timestamp, (c) => c.notNull())
    .execute();
  await s
    .createIndex('query_user_changed_idx')
    .on('query')
    .columns(['user_id', 'changed_on'])
    .execute();
}

export const migration001: Migration = { name: '001_initial', up };
