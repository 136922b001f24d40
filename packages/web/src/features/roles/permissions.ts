/** `GET /api/v1/security/permissions-resources/` item. */
export interface PermissionResource {
  id: number;
  permission: { name: string };
  view_menu: { name: string };
}

/** `GET /api/v1/security/roles/{id}/permissions/` item. */
export interface RolePermission {
  id: number;
  permission_name: string;
  view_menu_name: string;
}

/** The permissions on one view (resource). */
export interface PermissionGroup {
  view: string;
  items: Array<{ id: number; permission: string }>;
}

export const groupKey = (view: string): string => `view:${view}`;
export const itemKey = (id: number): string => `pvm:${id}`;

/** The id of an item key, or null for a group key. */
export function itemIdOf(key: string): number | null {
  if (!key.startsWith('pvm:')) return null;
  const id = Number(key.slice(4));
  return Number.isInteger(id) ? id : null;
}

/**
 * Groups permission-resource pairs by view, both sorted by name. A search keeps the pairs
 * whose "permission view" text holds every word of it (case-insensitive).
 */
export function groupPermissions(all: PermissionResource[], search = ''): PermissionGroup[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, PermissionGroup>();
  for (const pr of all) {
    const view = pr.view_menu?.name ?? '';
    const permission = pr.permission?.name ?? '';
    const text = `${permission} ${view}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    let group = groups.get(view);
    if (!group) {
      group = { view, items: [] };
      groups.set(view, group);
    }
    group.items.push({ id: pr.id, permission });
  }
  const out = [...groups.values()].sort((a, b) => a.view.localeCompare(b.view));
  for (const g of out) g.items.sort((a, b) => a.permission.localeCompare(b.permission));
  return out;
}

/** Checked and half-checked tree keys for the selected ids (groups follow their items). */
export function treeCheckState(
  groups: PermissionGroup[],
  selected: ReadonlySet<number>,
): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const g of groups) {
    let n = 0;
    for (const item of g.items) {
      if (selected.has(item.id)) {
        n += 1;
        checked.push(itemKey(item.id));
      }
    }
    if (n > 0 && n === g.items.length) checked.push(groupKey(g.view));
    else if (n > 0) halfChecked.push(groupKey(g.view));
  }
  return { checked, halfChecked };
}

/**
 * The selection after a tree check: an item toggles itself; a group toggles every item shown
 * in it (items hidden by a search stay as they were).
 */
export function applyTreeCheck(
  selected: ReadonlySet<number>,
  groups: PermissionGroup[],
  key: string,
  checked: boolean,
): Set<number> {
  const next = new Set(selected);
  const id = itemIdOf(key);
  const ids =
    id !== null
      ? [id]
      : (groups.find((g) => groupKey(g.view) === key)?.items.map((i) => i.id) ?? []);
  for (const i of ids) {
    if (checked) next.add(i);
    else next.delete(i);
  }
  return next;
}
