/** Export bundles (`GET /api/v1/{resource}/export/?q=!(ids)`): the address and the file name. */
import { risonEncode, userHasPermission } from '@strata/core';
import type { BootstrapUser } from '@strata/core';
import { IMPORT_TEXTS } from './importErrors';
import type { ImportResource } from './importErrors';

/** `GET /api/v1/{resource}/export/?q=!(1,2)` */
export function exportUrl(resource: ImportResource, ids: Array<number | string>): string {
  return `/api/v1/${resource}/export/?q=${encodeURIComponent(risonEncode(ids))}`;
}

/** The name to save a bundle under when the answer names none, e.g. `dashboard_export.zip`. */
export function defaultExportName(resource: ImportResource): string {
  return `${resource}_export.zip`;
}

/**
 * Whether the user may export a resource: `can_export` on its view, as Superset's lists check
 * (the permission catalogue defines `can_export` on Dashboard, Chart, Dataset, Database and
 * SavedQuery).
 */
export function canExport(
  user: Pick<BootstrapUser, 'roles'> | null,
  resource: ImportResource,
): boolean {
  return userHasPermission(user, 'can_export', IMPORT_TEXTS[resource].view);
}
