import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

export interface RowActionButtonProps {
  /** The tooltip, also the button's accessible name. */
  title: string;
  icon: ReactNode;
  onClick: () => void;
}

/** A small icon button of a list row's actions, named by its tooltip. */
export function RowActionButton({ title, icon, onClick }: RowActionButtonProps) {
  return (
    <Tooltip title={title}>
      <Button type="text" size="small" aria-label={title} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}
