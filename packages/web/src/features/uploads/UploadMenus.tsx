import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { UPLOAD_MENU_LABEL } from './uploadForm';
import { useUploads } from './UploadsProvider';

type MenuItems = NonNullable<MenuProps['items']>;

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
