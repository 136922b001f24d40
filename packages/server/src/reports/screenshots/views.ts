/**
 * Which views of a dashboard a capture takes (pure). A report's `activeTabs` name the tabs to
 * capture; tabs that can be open together (no two of one tab group) share one view, a tab
 * listed with a tab inside it is captured through that one, and every view lists its tabs
 * outermost first (the order they are opened in). The `anchor` adds the tabs that show it; an
 * anchor that is a JSON list of tab ids (Superset's ALERT_REPORT_TABS form) adds each of them.
 */
import { layoutComponents, type DashboardLayout } from '@strata/core';

export interface DashboardViews {
  /** One list of tab ids per picture, outermost first; `[[]]`: the dashboard as it opens. */
  views: string[][];
  /** Ids asked for that are not in the layout. */
  unknown: string[];
}

/** The ids an anchor asks to show. */
export function anchorIds(anchor: string | undefined): string[] {
  const text = anchor?.trim();
  if (!text) return [];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.filter((x): x is string => typeof x === 'string');
    } catch {
      // not a list: an id
    }
  }
  return [text];
}

/** [tab group, tab] pairs from the outermost tab down to `id` (a tab itself is included). */
function tabChain(
  layout: DashboardLayout,
  parentOf: Map<string, string>,
  id: string,
): Array<[string, string]> {
  const chain: Array<[string, string]> = [];
  const seen = new Set<string>();
  let at: string | undefined = id;
  while (at && !seen.has(at)) {
    seen.add(at);
    const parent = parentOf.get(at);
    if (layout[at]?.type === 'TAB' && parent && layout[parent]?.type === 'TABS')
      chain.unshift([parent, at]);
    at = parent;
  }
  return chain;
}

export function dashboardViews(
  position: unknown,
  activeTabs: readonly string[] | undefined,
  anchor: string | undefined,
): DashboardViews {
  const layout = layoutComponents(position);
  const parentOf = new Map<string, string>();
  for (const c of Object.values(layout))
    for (const child of Array.isArray(c.children) ? c.children : [])
      if (!parentOf.has(child)) parentOf.set(child, c.id);

  const wanted = [...new Set([...(activeTabs ?? []), ...anchorIds(anchor)])];
  const unknown: string[] = [];
  const chains: Array<Array<[string, string]>> = [];
  for (const id of wanted) {
    if (!layout[id]) {
      unknown.push(id);
      continue;
    }
    const chain = tabChain(layout, parentOf, id);
    if (chain.length) chains.push(chain);
  }
  // A chain every pair of which another chain has is shown by that one.
  const has = (chain: Array<[string, string]>, [g, t]: [string, string]) =>
    chain.some(([g2, t2]) => g2 === g && t2 === t);
  const needed = chains.filter(
    (c, i) =>
      !chains.some(
        (other, j) => j !== i && other.length > c.length && c.every((pair) => has(other, pair)),
      ),
  );
  const views: Array<Map<string, string>> = [];
  for (const chain of needed) {
    const fits = views.find((v) => chain.every(([g, t]) => (v.get(g) ?? t) === t));
    const view = fits ?? new Map<string, string>();
    if (!fits) views.push(view);
    for (const [g, t] of chain) if (!view.has(g)) view.set(g, t);
  }
  return {
    views: views.length ? views.map((v) => [...v.values()]) : [[]],
    unknown,
  };
}
