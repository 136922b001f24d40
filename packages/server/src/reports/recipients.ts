/**
 * How a report's recipients are kept (`report_recipient.recipient_config_json`): Superset's
 * `{target, ccTarget, bccTarget}`, plus, for a webhook with a secret, `secret_encrypted` (the
 * secret sealed by the secret box, AES-256-GCM under the install's key). The secret never leaves
 * in an answer: the show answer carries `"secret": "********"` instead, and a write that sends
 * that mask back keeps the stored secret. `readRecipients` gives the executor the opened configs.
 */
import type { RecipientConfig, RecipientType, ReportRecipientWrite } from '@strata/core';
import type { SecretBox } from '../crypto/secret-box.js';
import type { MetadataDb } from '../metadata/db.js';
import type { NotificationRecipient } from './notifications/types.js';

/** What a show answer gives in place of a webhook's secret. */
export const SECRET_MASK = '********';

/** A recipient config as stored. */
export interface StoredRecipientConfig {
  target: string;
  ccTarget?: string;
  bccTarget?: string;
  secret_encrypted?: string;
}

export interface StoredRecipient {
  type: RecipientType;
  config: StoredRecipientConfig;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The stored JSON read leniently (anything unreadable is an empty target). */
export function parseStoredConfig(json: string | null | undefined): StoredRecipientConfig {
  let raw: unknown;
  try {
    raw = json ? JSON.parse(json) : null;
  } catch {
    raw = null;
  }
  const obj = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as object) : {};
  const r = obj as Record<string, unknown>;
  const out: StoredRecipientConfig = { target: text(r.target) ?? '' };
  const cc = text(r.ccTarget);
  const bcc = text(r.bccTarget);
  const sealed = text(r.secret_encrypted);
  if (cc !== undefined) out.ccTarget = cc;
  if (bcc !== undefined) out.bccTarget = bcc;
  if (sealed) out.secret_encrypted = sealed;
  return out;
}

/** The `recipient_config_json` text of a show answer: the stored config, its secret masked. */
export function maskedConfigText(json: string | null | undefined): string {
  const stored = parseStoredConfig(json);
  const shown: RecipientConfig = { target: stored.target };
  if (stored.ccTarget !== undefined) shown.ccTarget = stored.ccTarget;
  if (stored.bccTarget !== undefined) shown.bccTarget = stored.bccTarget;
  if (stored.secret_encrypted) shown.secret = SECRET_MASK;
  return JSON.stringify(shown);
}

/** Why a written recipient list cannot be kept (its secrets), as messages. */
export class RecipientSecretError extends Error {}

/**
 * The configs to store for a written recipient list. A webhook's new secret is sealed; the mask
 * keeps the secret of the stored webhook with the same URL (or of the only stored webhook with
 * a secret, when the list has one webhook that sends the mask); an empty secret removes it.
 * Other recipient types keep no secret. Throws `RecipientSecretError` when a mask names no
 * stored secret.
 */
export function sealRecipients(
  box: SecretBox,
  incoming: readonly ReportRecipientWrite[],
  stored: readonly StoredRecipient[],
): StoredRecipient[] {
  const storedHooks = stored.filter((s) => s.type === 'Webhook' && s.config.secret_encrypted);
  const maskedHooks = incoming.filter(
    (r) => r.type === 'Webhook' && r.recipient_config_json.secret === SECRET_MASK,
  );
  return incoming.map((r) => {
    const c = r.recipient_config_json;
    const config: StoredRecipientConfig = { target: c.target };
    if (c.ccTarget !== undefined) config.ccTarget = c.ccTarget;
    if (c.bccTarget !== undefined) config.bccTarget = c.bccTarget;
    if (r.type === 'Webhook' && c.secret) {
      if (c.secret === SECRET_MASK) {
        const same =
          storedHooks.find((s) => s.config.target === c.target) ??
          (storedHooks.length === 1 && maskedHooks.length === 1 ? storedHooks[0] : undefined);
        if (!same?.config.secret_encrypted)
          throw new RecipientSecretError(
            `The webhook secret of ${c.target} is not known: send the secret itself`,
          );
        config.secret_encrypted = same.config.secret_encrypted;
      } else {
        config.secret_encrypted = box.encrypt(c.secret);
      }
    }
    return { type: r.type, config };
  });
}

/** A report's stored recipients (configs still sealed), in id order. */
export async function loadStoredRecipients(
  db: MetadataDb,
  reportId: number,
): Promise<StoredRecipient[]> {
  const rows = await db
    .selectFrom('report_recipient')
    .select(['type', 'recipient_config_json'])
    .where('report_schedule_id', '=', reportId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    type: r.type as RecipientType,
    config: parseStoredConfig(r.recipient_config_json),
  }));
}

/**
 * A report's recipients as delivery uses them: the configs with webhook secrets opened. Throws
 * when a secret cannot be opened (the install's secret key changed since it was stored).
 */
export async function readRecipients(
  db: MetadataDb,
  box: SecretBox,
  reportId: number,
): Promise<NotificationRecipient[]> {
  const stored = await loadStoredRecipients(db, reportId);
  return stored.map(({ type, config }) => {
    const out: RecipientConfig = { target: config.target };
    if (config.ccTarget !== undefined) out.ccTarget = config.ccTarget;
    if (config.bccTarget !== undefined) out.bccTarget = config.bccTarget;
    if (config.secret_encrypted) {
      try {
        out.secret = box.decrypt(config.secret_encrypted);
      } catch (e) {
        throw new Error(
          `The webhook secret of ${config.target} cannot be opened (was the secret key changed?)`,
          { cause: e },
        );
      }
    }
    return { type, config: out };
  });
}
