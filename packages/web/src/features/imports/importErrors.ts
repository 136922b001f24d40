/**
 * Importing export bundles (`POST /api/v1/{resource}/import/`): the form sent, and what a
 * refused import asks of the user. Pure: no React, no fetch.
 *
 * The spec's rule: an import error is fatal unless every error is a missing database password,
 * a missing SSH tunnel password, private key or private key password, or an "already exists"
 * error; those are answered by the user (passwords typed, overwrite confirmed) and sent again.
 */
import { MESSAGES, formatMessage } from '@strata/core';

/** The resources with import and export bundles. */
export type ImportResource = 'dashboard' | 'chart' | 'dataset' | 'database' | 'saved_query';

export const IMPORT_RESOURCES: readonly ImportResource[] = [
  'dashboard',
  'chart',
  'dataset',
  'database',
  'saved_query',
];

/** The UI texts of each resource's import and export (Superset's wording). */
export interface ImportTexts {
  /** Singular, lower case, in messages: "An error occurred while importing dashboard: …". */
  label: string;
  /** The dialog's title. */
  title: string;
  /** The list's Import button: tooltip and accessible name. */
  buttonLabel: string;
  /** The success toast. */
  imported: string;
  /** Above the password inputs. */
  passwordsNeeded: string;
  /** Above the overwrite confirmation. */
  overwriteWarning: string;
  /** The permission view the resource's permissions are on. */
  view: string;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function textsFor(resource: ImportResource): ImportTexts {
  return {
    label: resource,
    title: `Import ${resource}`,
    buttonLabel: `Import ${resource}s`,
    imported: `${capitalised(resource)} imported`,
    passwordsNeeded:
      resource === 'database'
        ? MESSAGES.importDatabasePasswordsNeeded
        : formatMessage(MESSAGES.importPasswordsNeededWith, resource),
    overwriteWarning: formatMessage(MESSAGES.importOverwriteWarning, resource),
    view: capitalised(resource),
  };
}

/**
 * Saved queries, as Superset's saved query list words them ("Import queries", "Query imported",
 * "…together with the saved queries."); the list's button is "Import saved queries".
 */
const SAVED_QUERY_TEXTS: ImportTexts = {
  label: 'queries',
  title: 'Import queries',
  buttonLabel: 'Import saved queries',
  imported: 'Query imported',
  // The messages' `%ss` takes the plural's stem.
  passwordsNeeded: formatMessage(MESSAGES.importPasswordsNeededWith, 'saved querie'),
  overwriteWarning: formatMessage(MESSAGES.importOverwriteWarning, 'saved querie'),
  view: 'SavedQuery',
};

export const IMPORT_TEXTS: Record<ImportResource, ImportTexts> = {
  dashboard: textsFor('dashboard'),
  chart: textsFor('chart'),
  dataset: textsFor('dataset'),
  database: textsFor('database'),
  saved_query: SAVED_QUERY_TEXTS,
};

/** The word typed to confirm an overwrite, and the label asking for it. */
export const OVERWRITE_WORD = 'OVERWRITE';
export const OVERWRITE_PROMPT = `Type "${OVERWRITE_WORD}" to confirm`;

/** True when the typed text confirms the overwrite ("overwrite" in any case). */
export function isOverwriteConfirmed(text: string): boolean {
  return text.trim().toUpperCase() === OVERWRITE_WORD;
}

/** The server's texts for a database or SSH tunnel secret the bundle does not carry. */
export const PASSWORD_NEEDED = MESSAGES.importPasswordNeeded;
export const SSH_PASSWORD_NEEDED = 'Must provide a password for the ssh tunnel';
export const SSH_PRIVATE_KEY_NEEDED = 'Must provide a private key for the ssh tunnel';
export const SSH_PRIVATE_KEY_PASSWORD_NEEDED =
  'Must provide a private key password for the ssh tunnel';
/** Part of every "<Type> already exists and `overwrite=true` was not passed" error. */
export const ALREADY_EXISTS_MARK = 'already exists and `overwrite=true` was not passed';

/** What a refused import asks for, or why it cannot go on. */
export interface ImportProblems {
  /** Files (e.g. `databases/examples.yaml`) whose database password is needed. */
  passwordsNeeded: string[];
  /** Files that already exist: importing them again needs the overwrite confirmed. */
  alreadyExists: string[];
  /** Files needing an SSH tunnel secret, with the server's text (this app sends none). */
  sshNeeded: Array<{ file: string; message: string }>;
  /** The error to show when the import cannot go on; null when the user can answer it. */
  fatal: string | null;
  /** The file-level reasons behind a fatal error, "file: reason" (may be empty). */
  details: string[];
}

type Kind = 'password' | 'ssh' | 'exists' | 'other';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every message of a payload: a string, a list of strings, or a field -> messages map. */
function messagesOf(payload: unknown, prefix = ''): Array<{ field: string; text: string }> {
  if (typeof payload === 'string') return [{ field: prefix, text: payload }];
  if (Array.isArray(payload)) return payload.flatMap((p) => messagesOf(p, prefix));
  if (isRecord(payload)) {
    return Object.entries(payload).flatMap(([key, value]) =>
      messagesOf(value, key === '_schema' ? prefix : prefix ? `${prefix}.${key}` : key),
    );
  }
  if (payload === null || payload === undefined) return [];
  return [{ field: prefix, text: String(payload) }];
}

function kindOf(text: string): Kind {
  const t = text.trim();
  if (t === PASSWORD_NEEDED) return 'password';
  if (t === SSH_PASSWORD_NEEDED || t === SSH_PRIVATE_KEY_NEEDED) return 'ssh';
  if (t === SSH_PRIVATE_KEY_PASSWORD_NEEDED) return 'ssh';
  if (t.includes(ALREADY_EXISTS_MARK)) return 'exists';
  return 'other';
}

function pushOnce(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

function fatalText(resource: ImportResource, message: string): string {
  return formatMessage(MESSAGES.importError, IMPORT_TEXTS[resource].label, message);
}

/**
 * What an import failure means for the user. `body` is the error answer's body (422
 * `{errors: [{message, extra: {file: payload, issue_codes}}]}`, or `{message}` on 400/403);
 * `fallback` is the readable message of the failure, used when the body says nothing.
 */
export function importProblems(
  resource: ImportResource,
  body: unknown,
  fallback: string,
): ImportProblems {
  const out: ImportProblems = {
    passwordsNeeded: [],
    alreadyExists: [],
    sshNeeded: [],
    fatal: null,
    details: [],
  };
  const errors = isRecord(body) && Array.isArray(body.errors) ? body.errors : null;
  if (!errors || errors.length === 0) {
    const message =
      isRecord(body) && typeof body.message === 'string' && body.message !== ''
        ? body.message
        : fallback;
    out.fatal = fatalText(resource, message);
    return out;
  }
  let fatal = false;
  const headlines: string[] = [];
  for (const error of errors) {
    const record = isRecord(error) ? error : {};
    const headline = typeof record.message === 'string' ? record.message : '';
    if (headline) pushOnce(headlines, headline);
    const entries = isRecord(record.extra)
      ? Object.entries(record.extra).filter(([key]) => key !== 'issue_codes')
      : [];
    // An error naming no file cannot be answered by the user.
    if (entries.length === 0) fatal = true;
    for (const [file, payload] of entries) {
      const messages = messagesOf(payload);
      if (messages.length === 0) {
        fatal = true;
        continue;
      }
      for (const { field, text } of messages) {
        const kind = kindOf(text);
        if (kind === 'password') pushOnce(out.passwordsNeeded, file);
        else if (kind === 'exists') pushOnce(out.alreadyExists, file);
        else if (kind === 'ssh') out.sshNeeded.push({ file, message: text });
        else {
          fatal = true;
          out.details.push(field ? `${file}: ${field}: ${text}` : `${file}: ${text}`);
        }
      }
    }
  }
  if (fatal) {
    const message = headlines.length > 0 ? headlines.join('\n') : fallback;
    return {
      ...out,
      passwordsNeeded: [],
      alreadyExists: [],
      sshNeeded: [],
      fatal: fatalText(resource, message),
    };
  }
  return out;
}

/** `POST /api/v1/{resource}/import/` */
export function importUrl(resource: ImportResource): string {
  return `/api/v1/${resource}/import/`;
}

export interface ImportOptions {
  overwrite: boolean;
  /** File name -> database password; empty passwords are left out. */
  passwords: Record<string, string>;
}

/** The multipart form of an import: the bundle, overwrite, passwords and (empty) SSH secrets. */
export function importFormData(file: Blob, { overwrite, passwords }: ImportOptions): FormData {
  const given = Object.fromEntries(Object.entries(passwords).filter(([, v]) => v !== ''));
  const form = new FormData();
  if (typeof File !== 'undefined' && file instanceof File) form.append('formData', file, file.name);
  else form.append('formData', file, 'import.zip');
  form.append('overwrite', overwrite ? 'true' : 'false');
  form.append('passwords', JSON.stringify(given));
  form.append('ssh_tunnel_passwords', '{}');
  form.append('ssh_tunnel_private_keys', '{}');
  form.append('ssh_tunnel_private_key_passwords', '{}');
  return form;
}

/** The bundle file's extension. */
export const IMPORT_ACCEPT = '.zip';

/** Null when the file name is a ZIP bundle's, else why it is not. */
export function importFileProblem(fileName: string): string | null {
  return fileName.toLowerCase().endsWith(IMPORT_ACCEPT)
    ? null
    : `The file must end with ${IMPORT_ACCEPT}`;
}
