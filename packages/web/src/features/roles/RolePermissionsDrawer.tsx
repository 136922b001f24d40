import { useEffect, useMemo, useState } from 'react';
import type { Key } from 'react';
import { Alert, Button, Drawer, Empty, Flex, Input, Spin, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { errorMessage, isAbortError } from '../../app/api';
import { useToasts } from '../../app/toasts';
import { applyTreeCheck, groupKey, groupPermissions, itemKey, treeCheckState } from './permissions';
import type { PermissionResource } from './permissions';
import { fetchAllPermissionResources, fetchRolePermissions, saveRolePermissions } from './rolesApi';
import type { RoleRow } from './rolesApi';

export interface RolePermissionsDrawerProps {
  /** The role whose permissions are edited; null keeps the drawer closed. */
  role: RoleRow | null;
  onClose: () => void;
}

/** All permission-resource pairs grouped by view, with the role's ones checked. */
export function RolePermissionsDrawer({ role, onClose }: RolePermissionsDrawerProps) {
  const { addSuccessToast, addDangerToast } = useToasts();
  const [all, setAll] = useState<PermissionResource[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const roleId = role?.id ?? null;

  useEffect(() => {
    if (roleId === null) return undefined;
    const controller = new AbortController();
    setLoading(true);
    setLoadError(null);
    setSearch('');
    setExpanded([]);
    Promise.all([
      fetchAllPermissionResources(controller.signal),
      fetchRolePermissions(roleId, controller.signal),
    ])
      .then(([pairs, current]) => {
        setAll(pairs);
        setSelected(new Set(current.map((p) => p.id)));
      })
      .catch((e: unknown) => {
        if (!isAbortError(e)) setLoadError(errorMessage(e));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [roleId]);

  const groups = useMemo(() => groupPermissions(all, search), [all, search]);
  const checkState = useMemo(() => treeCheckState(groups, selected), [groups, selected]);
  const treeData = useMemo<TreeDataNode[]>(
    () =>
      groups.map((g) => {
        const n = g.items.filter((i) => selected.has(i.id)).length;
        return {
          key: groupKey(g.view),
          title: (
            <span>
              {g.view}{' '}
              <Typography.Text type="secondary">
                ({n}/{g.items.length})
              </Typography.Text>
            </span>
          ),
          children: g.items.map((i) => ({ key: itemKey(i.id), title: i.permission, isLeaf: true })),
        };
      }),
    [groups, selected],
  );
  const expandedKeys = search.trim() ? groups.map((g) => groupKey(g.view)) : expanded;

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      await saveRolePermissions(
        role.id,
        [...selected].sort((a, b) => a - b),
      );
      addSuccessToast(`Saved permissions of ${role.name}`);
      onClose();
    } catch (e) {
      addDangerToast(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={role !== null}
      title={role ? `Permissions of ${role.name}` : 'Permissions'}
      size={640}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={loading || loadError !== null}
            onClick={() => void save()}
          >
            Save
          </Button>
        </Flex>
      }
    >
      {loadError ? (
        <Alert type="error" showIcon title={loadError} />
      ) : loading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Input.Search
            aria-label="Search permissions"
            placeholder="Search permissions"
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Typography.Text type="secondary">
            {selected.size} of {all.length} permissions selected
          </Typography.Text>
          {groups.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No permissions match" />
          ) : (
            <Tree
              checkable
              checkStrictly
              selectable={false}
              height={560}
              treeData={treeData}
              checkedKeys={checkState}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys)}
              onCheck={(_keys, info) => {
                setSelected((current) =>
                  applyTreeCheck(current, groups, String(info.node.key), info.checked),
                );
              }}
            />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
