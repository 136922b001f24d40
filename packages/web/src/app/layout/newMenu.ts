import { userHasPermission } from '@strata/core';
import type { BootstrapUser } from '@strata/core';
import {
  UPLOAD_MENU_LABEL,
  allowedUploadTypes,
  type UploadDatabasesState,
  type UploadType,
} from '../../features/uploads/uploadForm';
import { mayUseSqlLab } from './navigation';

type User = Pick<BootstrapUser, 'roles'> | null;

/** One entry of the "Data" submenu of the "+" menu. */
export type DataMenuEntry =
  | { kind: 'connect'; key: 'connect-database'; label: string }
  | { kind: 'link'; key: string; label: string; path: string }
  | { kind: 'divider'; key: string }
  | { kind: 'upload'; key: string; type: UploadType; label: string }
  | { kind: 'note'; key: string; label: string };

/** One entry of the "+" (New) menu. */
export type NewMenuEntry =
  | { kind: 'data'; key: 'data'; label: 'Data'; children: DataMenuEntry[] }
  | { kind: 'link'; key: 'sql' | 'chart' | 'dashboard'; label: string; path: string };

/** The paths the menu opens. */
export interface NewMenuPaths {
  datasetAdd: string;
  sqlLabNew: string;
  chartAdd: string;
  dashboardNew: string;
}

const can = (user: User, perm: string, view: string) => userHasPermission(user, perm, view);

/** The "Data" entries: connect a database, create a dataset, the uploads. */
function dataEntries(
  user: User,
  databases: UploadDatabasesState,
  datasetAdd: string,
): DataMenuEntry[] {
  const out: DataMenuEntry[] = [];
  if (can(user, 'can_write', 'Database'))
    out.push({ kind: 'connect', key: 'connect-database', label: 'Connect database' });
  if (can(user, 'can_write', 'Dataset'))
    out.push({ kind: 'link', key: 'dataset', label: 'Create dataset', path: datasetAdd });
  const types = allowedUploadTypes(user);
  if (types.length === 0) return out;
  if (out.length > 0) out.push({ kind: 'divider', key: 'uploads-divider' });
  if (databases === 'some') {
    for (const type of types)
      out.push({ kind: 'upload', key: `upload-${type}`, type, label: UPLOAD_MENU_LABEL[type] });
  } else if (databases === 'unknown' || databases === 'loading') {
    out.push({ kind: 'note', key: 'loading', label: 'Loading…' });
  } else {
    out.push({
      kind: 'note',
      key: 'none',
      label:
        databases === 'error'
          ? 'The databases could not be loaded'
          : 'No database allows file uploads',
    });
  }
  return out;
}

/**
 * The "+" menu of the top bar, as Superset's: Data (Connect database, Create dataset, the
 * uploads once a database takes them), SQL query, Chart, Dashboard — each by permission.
 */
export function newMenuEntries(
  user: User,
  databases: UploadDatabasesState,
  paths: NewMenuPaths,
): NewMenuEntry[] {
  const out: NewMenuEntry[] = [];
  const data = dataEntries(user, databases, paths.datasetAdd);
  if (data.length > 0) out.push({ kind: 'data', key: 'data', label: 'Data', children: data });
  if (mayUseSqlLab(user))
    out.push({ kind: 'link', key: 'sql', label: 'SQL query', path: paths.sqlLabNew });
  if (can(user, 'can_write', 'Chart'))
    out.push({ kind: 'link', key: 'chart', label: 'Chart', path: paths.chartAdd });
  if (can(user, 'can_write', 'Dashboard'))
    out.push({ kind: 'link', key: 'dashboard', label: 'Dashboard', path: paths.dashboardNew });
  return out;
}

/** Whether the "+" button is worth showing (before knowing the databases). */
export function showsNewMenu(user: User): boolean {
  return (
    newMenuEntries(user, 'unknown', {
      datasetAdd: '',
      sqlLabNew: '',
      chartAdd: '',
      dashboardNew: '',
    }).length > 0
  );
}
