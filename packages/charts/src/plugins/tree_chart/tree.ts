/**
 * The tree of the Tree Chart from flat rows of (id, parent, name, metric): one node per id (the
 * first row of an id wins), children in row order. The root is the node whose id equals the
 * root node id; without one, the nodes without a parent in the data (parent empty, or an id no
 * row has) are the tops, under a virtual root when there are several. What the data gets wrong
 * is reported instead of thrown: `error` when nothing can be drawn (the root id is not in the
 * data, or every node sits in a loop), `warnings` for rows left out (loops, duplicate or missing
 * ids) or parents that are missing.
 */

export interface TreeItem {
  name: string;
  value?: number | string;
  children: TreeItem[];
}

export interface TreeResult {
  /** The tree's root, when there is one. */
  root?: TreeItem;
  /** Why nothing can be drawn. */
  error?: string;
  /** What was left out or guessed, when the tree could still be drawn. */
  warnings: string[];
}

export interface TreeColumns {
  id: string;
  parent: string;
  /** The column naming the nodes (the id column when there is none). */
  name: string;
  /** The metric's label, when there is a metric. */
  metric?: string | undefined;
}

/** The virtual root's name, when several nodes have no parent. */
export const VIRTUAL_ROOT_NAME = 'root';
/** How many ids a message lists before "…". */
const LISTED = 5;

const isBlank = (v: unknown): boolean => v === null || v === undefined || v === '';
/** The key of an id or parent value: ids compare as text ("1" is 1). */
const keyOf = (v: unknown): string => String(v);

const listOf = (ids: readonly string[]): string =>
  ids.length > LISTED
    ? `${ids.slice(0, LISTED).join(', ')}, … (${ids.length} in all)`
    : ids.join(', ');

const valueOf = (v: unknown): number | string | undefined => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : v;
  }
  return undefined;
};

interface Node {
  key: string;
  parent: string | null;
  item: TreeItem;
}

/** The loop that `start` leads into by following parents: its ids parent → child, the first repeated. */
function loopFrom(start: string, nodes: Map<string, Node>): string[] {
  const path: string[] = [];
  const at = new Map<string, number>();
  let key: string | null = start;
  while (key !== null && !at.has(key)) {
    at.set(key, path.length);
    path.push(key);
    const parent: string | null = nodes.get(key)?.parent ?? null;
    key = parent !== null && nodes.has(parent) ? parent : null;
  }
  if (key === null) return [];
  // The loop runs from the repeated id back to itself, read parent → child.
  return [...path.slice(at.get(key)), key].reverse();
}

export function buildTree(
  rows: ReadonlyArray<Record<string, unknown>>,
  columns: TreeColumns,
  rootNodeId?: string | number | null,
): TreeResult {
  const warnings: string[] = [];
  const nodes = new Map<string, Node>();
  const duplicates = new Set<string>();
  let withoutId = 0;
  for (const row of rows) {
    const rawId = row[columns.id];
    if (isBlank(rawId)) {
      withoutId += 1;
      continue;
    }
    const key = keyOf(rawId);
    if (nodes.has(key)) {
      duplicates.add(key);
      continue;
    }
    const rawName = row[columns.name];
    const value = columns.metric === undefined ? undefined : valueOf(row[columns.metric]);
    const rawParent = row[columns.parent];
    nodes.set(key, {
      key,
      parent: isBlank(rawParent) ? null : keyOf(rawParent),
      item: {
        name: rawName === null || rawName === undefined ? 'NULL' : String(rawName),
        ...(value === undefined ? {} : { value }),
        children: [],
      },
    });
  }
  if (withoutId > 0)
    warnings.push(
      `${withoutId} row${withoutId === 1 ? ' has' : 's have'} no id and ${withoutId === 1 ? 'is' : 'are'} left out.`,
    );
  if (duplicates.size > 0)
    warnings.push(
      `Duplicate ids (only the first row of each is used): ${listOf([...duplicates])}.`,
    );

  const children = new Map<string, string[]>();
  for (const node of nodes.values()) {
    if (node.parent === null) continue;
    const list = children.get(node.parent);
    if (list) list.push(node.key);
    else children.set(node.parent, [node.key]);
  }

  let tops: string[];
  const explicitRoot = !isBlank(rootNodeId);
  if (explicitRoot) {
    const key = keyOf(rootNodeId);
    if (!nodes.has(key)) return { error: `The root node id ${key} is not in the data.`, warnings };
    tops = [key];
  } else {
    const parentless = [...nodes.values()].filter((n) => n.parent === null).map((n) => n.key);
    const orphans = [...nodes.values()]
      .filter((n) => n.parent !== null && !nodes.has(n.parent))
      .map((n) => n.key);
    // Orphans next to true roots are reported; alone, they are the data's natural tops (a top
    // node naming a parent outside the data, such as 0).
    if (parentless.length > 0 && orphans.length > 0)
      warnings.push(
        `Nodes whose parent is not in the data, shown at the top: ${listOf(orphans)} (a filter or the row limit may have left the parent out).`,
      );
    const orphanSet = new Set(orphans);
    tops = [...nodes.values()]
      .filter((n) => n.parent === null || orphanSet.has(n.key))
      .map((n) => n.key);
  }

  // Breadth first from the tops (no recursion: deep trees cannot overflow the stack).
  const reached = new Set<string>(tops);
  const queue = [...tops];
  const loopEdges: Array<[string, string]> = [];
  for (let i = 0; i < queue.length; i += 1) {
    const key = queue[i]!;
    const node = nodes.get(key)!;
    for (const child of children.get(key) ?? []) {
      if (reached.has(child)) {
        loopEdges.push([child, key]);
        continue;
      }
      reached.add(child);
      node.item.children.push(nodes.get(child)!.item);
      queue.push(child);
    }
  }

  const unreached = [...nodes.keys()].filter((k) => !reached.has(k));
  if (!explicitRoot && unreached.length > 0) {
    const loop = loopFrom(unreached[0]!, nodes);
    const text = `There is a loop in the tree (${loop.join(' → ')})`;
    if (tops.length === 0)
      return { error: `${text}, and no node without a parent to start from.`, warnings };
    warnings.push(
      `${text}: ${unreached.length} node${unreached.length === 1 ? ' is' : 's are'} left out.`,
    );
  } else if (loopEdges.length > 0) {
    const [child, parent] = loopEdges[0]!;
    warnings.push(`There is a loop in the tree (${parent} → ${child}); the link is left out.`);
  }

  if (tops.length === 0) return { error: 'No row has an id.', warnings };
  const root =
    tops.length === 1
      ? nodes.get(tops[0]!)!.item
      : { name: VIRTUAL_ROOT_NAME, children: tops.map((k) => nodes.get(k)!.item) };
  return { root, warnings };
}
