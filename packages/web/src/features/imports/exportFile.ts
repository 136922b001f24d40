/** Export bundles (`GET /api/v1/{resource}/export/?q=!(ids)`): the address and the file name. */
import { risonEncode, userHasPermission } from '@strata/core';
import type { BootstrapUser } from '@strata/core';
import { IMPORT_TEXTS } from './importErrors';
import type { ImportResource } from './importErrors';

/** `GET /api/v1/{resource}/export/?q=!(1,2)` */
export function exportUrl(resource: ImportResource, ids: Array<number | string>): string {
  return `/api/v1/${resource}/export/?q=${encodeURIComponent(risonEncode(ids))}`;
}

/**
 * The file name of a download from its Content-Disposition header (`filename*=UTF-8''…` first,
 * then `filename="…"` or a bare `filename=…`), without any folder part; `fallback` otherwise.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
    if (quoted?.[1] !== undefined) name = quoted[1].replace(/\\(.)/g, '$1');
  }
  if (!name) {
    const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
    if (bare?.[1]) name = bare[1];
  }
  const base = (name ?? '').split(/[/\\]/).pop()?.trim() ?? '';
  return base !== '' ? base : fallback;
}

/** The name to save a bundle under when the answer names none, e.g. `dashboard_export.zip`. */
export function defaultExportName(resource: ImportResource): string {
  return `${resource}_export.zip`;
}

/**
 * Whether the user may export a resource: `can_export` on its view, as Superset's lists check
 * (the permission catalogue defines `can_export` on Dashboard, Chart, Dataset and Database).
 */
export function canExport(
  user: Pick<BootstrapUser, 'roles'> | null,
  resource: ImportResource,
): boolean {
  return userHasPermission(user, 'can_export', IMPORT_TEXTS[resource].view);
}
