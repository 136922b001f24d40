/**
 * A control's change events debounced (spec 001 §9: default 250 ms, at most 500 from the first
 * pending change; bounds 300 ms): the field shows what is typed at once, the control's value
 * follows once typing pauses. A pending change is sent at once when the field loses focus (a
 * click on "Update chart" comes after the blur) or goes away, so no keystroke is lost.
 */
import { useCallback, useEffect, useRef } from 'react';
import { CONTROL_DEBOUNCE_MS } from '@strata/core';
import { debounceWait } from './debounceWait';

export function useDebouncedChange<T>(
  onChange: (value: T) => void,
  ms: number,
  max: number = CONTROL_DEBOUNCE_MS.max,
): { change: (value: T) => void; flush: () => void } {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const pending = useRef<{ value: T; since: number; timer: ReturnType<typeof setTimeout> } | null>(
    null,
  );
  const flush = useCallback(() => {
    const p = pending.current;
    if (!p) return;
    clearTimeout(p.timer);
    pending.current = null;
    latest.current(p.value);
  }, []);
  const change = useCallback(
    (value: T) => {
      const now = Date.now();
      const since = pending.current?.since ?? null;
      if (pending.current) clearTimeout(pending.current.timer);
      const timer = setTimeout(flush, debounceWait(now, since, ms, max));
      pending.current = { value, since: since ?? now, timer };
    },
    [flush, ms, max],
  );
  useEffect(() => flush, [flush]);
  return { change, flush };
}
