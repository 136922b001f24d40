/**
 * Runs a filter control's chart data query when its text changes (a parent's pending value, a
 * search), keeping the answers by query so going back to an earlier one (a search cleared) does
 * not ask again; an answer that arrives after the query changed is kept for later, never shown
 * for the new query.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChartDataResult, QueryContext } from '@strata/charts';
import { errorMessage, isAbortError } from '../../../app/api';
import { stableStringify } from './filterMasks';

export interface FilterQueryAnswer {
  result?: ChartDataResult;
  error: string | null;
}

export interface FilterQueryState {
  /** The answer to the current query, else the last answer shown (while the next one loads). */
  answer: FilterQueryAnswer | undefined;
  /** Whether the current query's answer is still awaited. */
  loading: boolean;
}

/** Answers kept per control (searches add one each). */
const KEPT_ANSWERS = 20;

export function useFilterQuery(
  ctx: QueryContext | null,
  queryData: (ctx: QueryContext) => Promise<ChartDataResult[]>,
): FilterQueryState {
  const key = ctx ? stableStringify(ctx) : '';
  const [answers, setAnswers] = useState<ReadonlyMap<string, FilterQueryAnswer>>(() => new Map());
  const [shownKey, setShownKey] = useState('');
  const latest = useRef({ ctx, queryData });
  useLayoutEffect(() => {
    latest.current = { ctx, queryData };
  });

  useEffect(() => {
    const { ctx: current, queryData: run } = latest.current;
    if (!key || !current || answers.has(key)) return undefined;
    let live = true;
    const keep = (answer: FilterQueryAnswer) =>
      setAnswers((prev) => {
        const next = new Map(prev);
        next.set(key, answer);
        while (next.size > KEPT_ANSWERS) next.delete(next.keys().next().value!);
        return next;
      });
    run(current)
      .then((results) => {
        const first = results[0];
        keep(first?.error ? { error: first.error } : { result: first, error: null });
      })
      .catch((e: unknown) => {
        if (live && !isAbortError(e)) keep({ error: errorMessage(e) });
      });
    return () => {
      live = false;
    };
    // Asked once per query text; a finished answer is found in `answers` next time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const current = key ? answers.get(key) : undefined;
  useEffect(() => {
    if (current) setShownKey(key);
  }, [current, key]);

  return {
    answer: current ?? answers.get(shownKey),
    loading: !!key && !current,
  };
}
