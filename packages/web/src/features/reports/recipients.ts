/**
 * Notification methods of a report (pure): the modal's editable settings, read from and written
 * to the API's `recipients` (`recipient_config_json`), with the checks run before saving.
 *
 * E-mail targets are comma- or semicolon-separated lists (as the delivery splits them), Slack
 * targets channel names (a leading `#` dropped), a webhook's target its http(s) URL with an
 * optional signing secret (answered back masked; the mask sent back keeps the stored one).
 */
import { RECIPIENT_TYPES } from '@strata/core';
import type { RecipientType, ReportRecipientWrite, ReportShow } from '@strata/core';

export interface RecipientSetting {
  /** Stable React key. */
  key: string;
  type: RecipientType;
  target: string;
  ccTarget: string;
  bccTarget: string;
  secret: string;
}

export type RecipientField = 'target' | 'ccTarget' | 'bccTarget' | 'secret';
export type RecipientErrors = Partial<Record<RecipientField, string>>;

/** Labels of the methods in the modal and in the list's icons' tooltips. */
export const RECIPIENT_LABELS: Record<RecipientType, string> = {
  Email: 'Email',
  Slack: 'Slack',
  Webhook: 'Webhook',
};

let counter = 0;
function nextKey(): string {
  counter += 1;
  return `recipient-${counter}`;
}

/** An empty setting of a method. */
export function newRecipientSetting(type: RecipientType, target = ''): RecipientSetting {
  return { key: nextKey(), type, target, ccTarget: '', bccTarget: '', secret: '' };
}

/** The methods not used yet (each method once), in the API's order. */
export function unusedRecipientTypes(settings: readonly RecipientSetting[]): RecipientType[] {
  const used = new Set(settings.map((s) => s.type));
  return RECIPIENT_TYPES.filter((t) => !used.has(t));
}

/** Items of a list typed by hand: split on commas, semicolons and white space; unique. */
export function splitList(text: string, { lowerCaseKey = false } = {}): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[,;\s]+/)) {
    const item = raw.trim();
    if (!item) continue;
    const key = lowerCaseKey ? item.toLowerCase() : item;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** The addresses of an e-mail field. */
export function splitAddresses(text: string): string[] {
  return splitList(text, { lowerCaseKey: true });
}

/** Slack channels of a field, without their `#`. */
export function splitChannels(text: string): string[] {
  return splitList(text.replace(/(^|[,;\s])#+/g, '$1'));
}

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * A plain e-mail address, as the server checks it: `local@domain`, the domain dotted or one
 * name (`admin@localhost`, a first admin's address), its last label with a letter; no display
 * names (`Ann <ann@x.org>`).
 */
export function isEmailAddress(text: string): boolean {
  if (text.length > 254) return false;
  const at = text.lastIndexOf('@');
  if (at < 1 || at !== text.indexOf('@')) return false;
  const local = text.slice(0, at);
  if (!LOCAL_PART.test(local) || /^\.|\.$|\.\./.test(local)) return false;
  const labels = text.slice(at + 1).split('.');
  return labels.every((l) => DOMAIN_LABEL.test(l)) && /[A-Za-z]/.test(labels.at(-1) ?? '');
}

/** An absolute http or https URL with a host. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const CHANNEL = /^[a-z0-9][a-z0-9._-]{0,79}$/i;

function addressErrors(text: string, required: boolean): string | undefined {
  const list = splitAddresses(text);
  if (list.length === 0) return required ? 'Enter at least one e-mail address.' : undefined;
  const bad = list.filter((a) => !isEmailAddress(a));
  if (bad.length === 0) return undefined;
  return bad.length === 1
    ? `${bad[0] as string} is not a valid e-mail address.`
    : `Not valid e-mail addresses: ${bad.join(', ')}.`;
}

/** What is wrong with a setting, by field (empty when it may be saved). */
export function recipientErrors(setting: RecipientSetting): RecipientErrors {
  const errors: RecipientErrors = {};
  if (setting.type === 'Email') {
    const to = addressErrors(setting.target, true);
    const cc = addressErrors(setting.ccTarget, false);
    const bcc = addressErrors(setting.bccTarget, false);
    if (to) errors.target = to;
    if (cc) errors.ccTarget = cc;
    if (bcc) errors.bccTarget = bcc;
  } else if (setting.type === 'Slack') {
    const channels = splitChannels(setting.target);
    const bad = channels.filter((c) => !CHANNEL.test(c));
    if (channels.length === 0) errors.target = 'Enter at least one Slack channel.';
    else if (bad.length > 0) errors.target = `Not a Slack channel name: ${bad.join(', ')}.`;
  } else if (!setting.target.trim()) {
    errors.target = 'Enter the URL the webhook posts to.';
  } else if (!isHttpUrl(setting.target)) {
    errors.target = 'The webhook URL must start with http:// or https://.';
  }
  return errors;
}

function parseConfig(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The modal's settings of a stored report's recipients (bad JSON read as empty fields). */
export function settingsFromRecipients(recipients: ReportShow['recipients']): RecipientSetting[] {
  return recipients.map((r) => {
    const config = parseConfig(r.recipient_config_json);
    return {
      ...newRecipientSetting(r.type, str(config.target)),
      ccTarget: str(config.ccTarget),
      bccTarget: str(config.bccTarget),
      secret: str(config.secret),
    };
  });
}

/** The API's `recipients` of the settings, targets normalised; settings without target left out. */
export function recipientsFromSettings(
  settings: readonly RecipientSetting[],
): ReportRecipientWrite[] {
  const out: ReportRecipientWrite[] = [];
  for (const s of settings) {
    if (s.type === 'Email') {
      const target = splitAddresses(s.target).join(', ');
      if (!target) continue;
      const cc = splitAddresses(s.ccTarget).join(', ');
      const bcc = splitAddresses(s.bccTarget).join(', ');
      out.push({
        type: 'Email',
        recipient_config_json: {
          target,
          ...(cc ? { ccTarget: cc } : {}),
          ...(bcc ? { bccTarget: bcc } : {}),
        },
      });
    } else if (s.type === 'Slack') {
      const target = splitChannels(s.target).join(',');
      if (target) out.push({ type: 'Slack', recipient_config_json: { target } });
    } else {
      const target = s.target.trim();
      if (!target) continue;
      out.push({
        type: 'Webhook',
        recipient_config_json: { target, ...(s.secret ? { secret: s.secret } : {}) },
      });
    }
  }
  return out;
}
