import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

export interface RowActionButtonProps {
  /** The tooltip, also the button's accessible name. */
  title: string;
  icon: ReactNode;
  onClick: () => void;
  /** Shown but not usable; the tooltip says why. */
  disabled?: boolean;
}

/** A small icon button of a list row's actions, named by its tooltip. */
export function RowActionButton({ title, icon, onClick, disabled = false }: RowActionButtonProps) {
  const button = (
    <Button
      type="text"
      size="small"
      aria-label={title}
      icon={icon}
      onClick={onClick}
      disabled={disabled}
    />
  );
  return (
    <Tooltip title={title}>
      {/* A disabled button gets no mouse events: the wrapper shows the tooltip. */}
      {disabled ? <span style={{ display: 'inline-block' }}>{button}</span> : button}
    </Tooltip>
  );
}
