import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ListViewContext } from './ListView';

/**
 * ListView `headerActions` of a primary "+ {label}" button, shown to those who may write, e.g.
 * `headerActions={addButton('User', () => modal.show(null))}`.
 */
export function addButton(label: string, onAdd: () => void) {
  return ({ canWrite }: ListViewContext) =>
    canWrite ? (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => onAdd()}>
        {label}
      </Button>
    ) : null;
}
