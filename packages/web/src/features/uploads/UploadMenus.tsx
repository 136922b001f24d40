import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useCurrentUser } from '../../app/BootstrapContext';
import { PATHS } from '../../app/layout/navigation';
import { UPLOAD_MENU_LABEL, newMenuEntries, showsNewMenu } from './uploadForm';
import { useUploads } from './UploadsProvider';

type MenuItems = NonNullable<MenuProps['items']>;

/**
 * The "+" (New) menu of the top navigation: Create dataset and the uploads the user may make.
 * Which databases take uploads is asked when the menu opens.
 */
export function NewMenu() {
  const user = useCurrentUser();
  const uploads = useUploads();
  const { databases, checkDatabases, open } = uploads;
  const items = useMemo<MenuItems>(() => {
    const entries = newMenuEntries(user, databases, PATHS.datasetAdd);
    const out: MenuItems = [];
    entries.forEach((entry, i) => {
      const previous = entries[i - 1];
      if (previous && previous.kind === 'link' && entry.kind !== 'link') {
        out.push({ type: 'divider', key: `divider-${entry.key}` });
      }
      if (entry.kind === 'link') {
        out.push({ key: entry.key, label: <Link to={entry.path}>{entry.label}</Link> });
      } else if (entry.kind === 'upload') {
        out.push({ key: entry.key, label: entry.label, onClick: () => open(entry.type) });
      } else {
        out.push({ key: entry.key, label: entry.label, disabled: true });
      }
    });
    return out;
  }, [user, databases, open]);

  if (!showsNewMenu(user)) return null;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items }}
      onOpenChange={(next) => {
        if (next) checkDatabases();
      }}
    >
      <Button type="text" shape="circle" icon={<PlusOutlined />} aria-label="New" />
    </Dropdown>
  );
}

/**
 * The Datasets list's "Upload file" menu: one entry per upload the user may make, shown once a
 * database is known to take uploads (`checkDatabases` is called by the page).
 */
export function UploadFileButton() {
  const { types, databases, open } = useUploads();
  if (types.length === 0 || databases !== 'some') return null;
  const items: MenuItems = types.map((type) => ({
    key: type,
    label: UPLOAD_MENU_LABEL[type],
    onClick: () => open(type),
  }));
  return (
    <Dropdown trigger={['click']} menu={{ items }}>
      <Button icon={<UploadOutlined />}>Upload file</Button>
    </Dropdown>
  );
}
