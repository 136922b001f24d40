import { sql, type Kysely } from 'kysely';
import type { DialectTypes, Migration } from './helpers.js';

/**
 * A per-user token generation: every access and refresh token carries the generation it was
 * issued at, and tokens of another generation are refused. Triggers bump it — and end the user's
 * browser sessions — whenever the user's password or active flag changes (deactivation, and
 * reactivation, so old tokens do not come back) or a role is given or taken, whatever code path
 * or process writes it.
 */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  await db.schema
    .alterTable('ab_user')
    .addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (t.dialect === 'postgresql') {
    await sql`
      CREATE FUNCTION strata_revoke_user_tokens() RETURNS trigger AS $$
      BEGIN
        IF NEW.password IS DISTINCT FROM OLD.password OR NEW.active IS DISTINCT FROM OLD.active THEN
          NEW.token_generation := OLD.token_generation + 1;
          DELETE FROM strata_session WHERE user_id = NEW.id;
        END IF;
        RETURN NEW;
      END;
      $$ LANGUAGE plpgsql`.execute(db);
    await sql`
      CREATE TRIGGER ab_user_revoke_tokens BEFORE UPDATE ON ab_user
      FOR EACH ROW EXECUTE PROCEDURE strata_revoke_user_tokens()`.execute(db);
    await sql`
      CREATE FUNCTION strata_revoke_role_member_tokens() RETURNS trigger AS $$
      DECLARE member integer;
      BEGIN
        IF TG_OP = 'DELETE' THEN member := OLD.user_id; ELSE member := NEW.user_id; END IF;
        UPDATE ab_user SET token_generation = token_generation + 1 WHERE id = member;
        DELETE FROM strata_session WHERE user_id = member;
        IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
          UPDATE ab_user SET token_generation = token_generation + 1 WHERE id = OLD.user_id;
          DELETE FROM strata_session WHERE user_id = OLD.user_id;
        END IF;
        RETURN NULL;
      END;
      $$ LANGUAGE plpgsql`.execute(db);
    await sql`
      CREATE TRIGGER ab_user_role_revoke_tokens AFTER INSERT OR UPDATE OR DELETE ON ab_user_role
      FOR EACH ROW EXECUTE PROCEDURE strata_revoke_role_member_tokens()`.execute(db);
    return;
  }
  await sql`
    CREATE TRIGGER ab_user_revoke_tokens AFTER UPDATE OF password, active ON ab_user
    WHEN OLD.password IS NOT NEW.password OR OLD.active IS NOT NEW.active
    BEGIN
      UPDATE ab_user SET token_generation = token_generation + 1 WHERE id = NEW.id;
      DELETE FROM strata_session WHERE user_id = NEW.id;
    END`.execute(db);
  for (const [event, rows] of [
    ['INSERT', ['NEW']],
    ['DELETE', ['OLD']],
    ['UPDATE', ['NEW', 'OLD']],
  ] as const) {
    const body = rows
      .map(
        (r) =>
          `UPDATE ab_user SET token_generation = token_generation + 1 WHERE id = ${r}.user_id; ` +
          `DELETE FROM strata_session WHERE user_id = ${r}.user_id;`,
      )
      .join(' ');
    await sql
      .raw(
        `CREATE TRIGGER ab_user_role_revoke_tokens_${event.toLowerCase()} AFTER ${event} ` +
          `ON ab_user_role BEGIN ${body} END`,
      )
      .execute(db);
  }
}

export const migration007: Migration = { name: '007_token_generation', up };
