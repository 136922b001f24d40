/**
 * antd's Popover for Explore's controls: opens to the right of its trigger, shifted up or down
 * by where the trigger is in the window when it opens (`controlPopoverPlacement`).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Popover, type GetRef, type PopoverProps } from 'antd';
import {
  controlPopoverPlacement,
  verticalRatio,
  type ControlPopoverPlacement,
} from './popoverPlacement';

export function ControlPopover(props: Omit<PopoverProps, 'placement'>) {
  const ref = useRef<GetRef<typeof Popover>>(null);
  const [placement, setPlacement] = useState<ControlPopoverPlacement>('right');
  const { open } = props;
  useLayoutEffect(() => {
    if (!open) return;
    const trigger = ref.current?.nativeElement;
    if (!trigger || typeof window === 'undefined') return;
    setPlacement(
      controlPopoverPlacement(
        verticalRatio(trigger.getBoundingClientRect().top, window.innerHeight),
      ),
    );
  }, [open]);
  return <Popover {...props} ref={ref} placement={placement} />;
}
