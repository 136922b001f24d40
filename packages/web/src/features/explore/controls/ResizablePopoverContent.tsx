/**
 * A popover's content with a resize handle at its bottom-right corner (the adhoc filter and
 * metric editors, spec 001 §2): dragging sets the content's width and height, never below
 * 320 × 240; until the first drag the content keeps its natural size.
 */
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { POPOVER_RESIZE_DELAY_MS, resizedSize, type Size } from './popoverResize';
import styles from './ResizablePopoverContent.module.css';

interface Drag {
  x: number;
  y: number;
  start: Size;
  pending: Size | null;
  timer: ReturnType<typeof setTimeout> | null;
}

export function ResizablePopoverContent({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  useEffect(
    () => () => {
      if (drag.current?.timer) clearTimeout(drag.current.timer);
    },
    [],
  );
  const flush = () => {
    const d = drag.current;
    if (!d) return;
    d.timer = null;
    if (d.pending) setSize(d.pending);
    d.pending = null;
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = {
      x: e.clientX,
      y: e.clientY,
      start: { width: rect.width, height: rect.height },
      pending: null,
      timer: null,
    };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    d.pending = resizedSize(d.start, e.clientX - d.x, e.clientY - d.y);
    if (!d.timer) d.timer = setTimeout(flush, POPOVER_RESIZE_DELAY_MS);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    if (d.timer) clearTimeout(d.timer);
    d.pending = resizedSize(d.start, e.clientX - d.x, e.clientY - d.y);
    flush();
    drag.current = null;
  };
  return (
    <div
      ref={box}
      className={styles.box}
      style={size ? { width: size.width, height: size.height } : undefined}
      data-test="resizable-popover"
    >
      {children}
      <div
        className={styles.handle}
        role="separator"
        aria-label="Resize"
        data-test="popover-resize-handle"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
    </div>
  );
}
