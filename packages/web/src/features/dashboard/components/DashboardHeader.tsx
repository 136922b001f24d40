/**
 * The dashboard's header: title (editable in edit mode), favourite star, published/draft tag
 * (a toggle for editors), certification, owners, last modified; in view mode Refresh, Edit
 * dashboard and the "…" menu; in edit mode Undo, Redo, Discard and Save.
 */
import { Button, Dropdown, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { MenuProps } from 'antd';
import {
  CheckCircleFilled,
  EllipsisOutlined,
  RedoOutlined,
  StarFilled,
  StarOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import { OwnerAvatars } from '../../../components/OwnerAvatars';
import type { DashboardInfo } from '../types';
import { CSS_VAR } from '@strata/core';

export interface HeaderProps {
  dashboard: DashboardInfo;
  title: string;
  editMode: boolean;
  canEdit: boolean;
  canSave: boolean;
  starred: boolean;
  saving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  hasUnsavedChanges: boolean;
  onTitleChange: (title: string) => void;
  onToggleStar: () => void;
  onTogglePublished: () => void;
  onRefresh: () => void;
  onEdit: () => void;
  onDiscard: () => void;
  onSave: () => void;
  onUndo: () => void;
  onRedo: () => void;
  menuItems: NonNullable<MenuProps['items']>;
  onMenu: (key: string) => void;
}

export function DashboardHeader(p: HeaderProps) {
  const d = p.dashboard;
  return (
    <Flex
      align="center"
      gap={12}
      style={{
        padding: '12px 24px',
        background: CSS_VAR.surface,
        borderBottom: `1px solid ${CSS_VAR.borderSecondary}`,
      }}
      data-test="dashboard-header"
    >
      <Flex align="center" gap={8} style={{ flex: 1, minWidth: 0 }}>
        {d.certified_by ? (
          <Tooltip
            title={`Certified by ${d.certified_by}${d.certification_details ? `: ${d.certification_details}` : ''}`}
          >
            <CheckCircleFilled style={{ color: '#5AC189', fontSize: 18 }} aria-label="Certified" />
          </Tooltip>
        ) : null}
        <Typography.Title
          level={3}
          style={{ margin: 0, minWidth: 0 }}
          ellipsis={!p.editMode}
          editable={
            p.editMode
              ? { text: p.title, onChange: p.onTitleChange, triggerType: ['text', 'icon'] }
              : false
          }
          data-test="dashboard-title"
        >
          {p.title || (p.editMode ? MESSAGES.untitledDashboard : '')}
        </Typography.Title>
        {!p.editMode ? (
          <Button
            type="text"
            size="small"
            aria-label={p.starred ? 'Unstar' : 'Star'}
            data-test="dashboard-star"
            icon={p.starred ? <StarFilled style={{ color: '#FCC700' }} /> : <StarOutlined />}
            onClick={p.onToggleStar}
          />
        ) : null}
        <Tooltip
          title={
            p.canEdit
              ? d.published
                ? 'This dashboard is published. Click to make it a draft.'
                : 'This dashboard is not published, it will not show up in the list of dashboards. Click here to publish this dashboard.'
              : d.published
                ? undefined
                : 'This dashboard is not published which means it will not show up in the list of dashboards. Favorite it to see it there or access it by using the URL directly.'
          }
        >
          <Tag
            color={d.published ? 'green' : 'default'}
            style={{ cursor: p.canEdit ? 'pointer' : 'default' }}
            onClick={p.canEdit ? p.onTogglePublished : undefined}
            data-test="dashboard-published"
          >
            {d.published ? 'Published' : 'Draft'}
          </Tag>
        </Tooltip>
        {p.editMode ? null : (
          <Space size={8} style={{ marginLeft: 8 }}>
            <OwnerAvatars owners={d.owners} />
            {d.changed_on_delta_humanized ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Modified {d.changed_on_delta_humanized}
              </Typography.Text>
            ) : null}
          </Space>
        )}
      </Flex>
      {p.editMode ? (
        <Space>
          <Tooltip title="Undo the action (Ctrl+Z)">
            <Button
              icon={<UndoOutlined />}
              aria-label="Undo"
              disabled={!p.canUndo}
              onClick={p.onUndo}
            />
          </Tooltip>
          <Tooltip title="Redo the action (Ctrl+Shift+Z)">
            <Button
              icon={<RedoOutlined />}
              aria-label="Redo"
              disabled={!p.canRedo}
              onClick={p.onRedo}
            />
          </Tooltip>
          <Button onClick={p.onDiscard}>Discard</Button>
          <Button
            type="primary"
            loading={p.saving}
            disabled={!p.canSave}
            onClick={p.onSave}
            data-test="dashboard-save"
          >
            Save
          </Button>
        </Space>
      ) : (
        <Space>
          {p.canEdit ? (
            <Button type="primary" onClick={p.onEdit} data-test="dashboard-edit">
              Edit dashboard
            </Button>
          ) : null}
          <Dropdown
            trigger={['click']}
            menu={{ items: p.menuItems, onClick: ({ key }) => p.onMenu(key) }}
            placement="bottomRight"
          >
            <Button
              icon={<EllipsisOutlined />}
              aria-label="Dashboard menu"
              data-test="dashboard-menu"
            />
          </Dropdown>
        </Space>
      )}
    </Flex>
  );
}
