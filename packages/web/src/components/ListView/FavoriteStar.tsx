import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';

/** The star of a favourite column. */
export function FavoriteStar({ starred, onToggle }: { starred: boolean; onToggle: () => void }) {
  const label = starred ? 'Remove from favorites' : 'Add to favorites';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        aria-pressed={starred}
        icon={starred ? <StarFilled style={{ color: '#f5a623' }} /> : <StarOutlined />}
        onClick={onToggle}
      />
    </Tooltip>
  );
}
