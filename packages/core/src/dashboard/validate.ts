/**
 * Validation of what a dashboard write carries (pure): the layout (`position_json` /
 * `position_data`) and `json_metadata`. Each answers a list of problems, empty when the value is
 * acceptable. Superset tolerates old layouts when it reads them; these rules are applied on write
 * only.
 */
import {
  COMPONENT_TYPES,
  DASHBOARD_VERSION_KEY,
  GRID_COLUMN_COUNT,
  GRID_MIN_COLUMN_COUNT,
  ROOT_ID,
  type ComponentType,
} from './layout.js';

/** At most this many problems are listed (the rest counted). */
export const MAX_VALIDATION_PROBLEMS = 50;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

const KNOWN_TYPES: ReadonlySet<string> = new Set(COMPONENT_TYPES);

function capped(problems: string[]): string[] {
  if (problems.length <= MAX_VALIDATION_PROBLEMS) return problems;
  return [
    ...problems.slice(0, MAX_VALIDATION_PROBLEMS),
    `… and ${problems.length - MAX_VALIDATION_PROBLEMS} more problems`,
  ];
}

interface Node {
  type: ComponentType | null;
  children: string[];
  meta: Record<string, unknown>;
}

/**
 * Problems of a layout: components of unknown types, children or parents naming missing
 * components, cycles, components with more than one parent, a ROOT_ID that does not hold exactly
 * one GRID or TABS, tabs outside a TABS component, charts that are not known (`knownChartIds`:
 * the charts that exist and that the user may read), widths outside 1..12 and rows whose
 * children are wider than 12 columns together. A layout with no components (a new dashboard) is
 * acceptable.
 */
export function validatePositionData(position: unknown, knownChartIds: Iterable<number>): string[] {
  if (!isPlainObject(position)) return ['The layout must be a JSON object'];
  const known = knownChartIds instanceof Set ? knownChartIds : new Set(knownChartIds);
  const problems: string[] = [];
  const nodes = new Map<string, Node>();
  const declaredParents = new Map<string, string[]>();

  for (const [id, value] of Object.entries(position)) {
    if (id === DASHBOARD_VERSION_KEY) {
      if (typeof value !== 'string') problems.push(`${DASHBOARD_VERSION_KEY} must be a string`);
      continue;
    }
    if (!isPlainObject(value)) {
      problems.push(`Component ${id} is not an object`);
      continue;
    }
    const type =
      typeof value.type === 'string' && KNOWN_TYPES.has(value.type)
        ? (value.type as ComponentType)
        : null;
    if (type === null)
      problems.push(`Component ${id} has an unknown type: ${JSON.stringify(value.type ?? null)}`);
    if (value.id !== undefined && value.id !== id)
      problems.push(`Component ${id} has a different id: ${JSON.stringify(value.id)}`);
    let children: string[] = [];
    if (value.children !== undefined) {
      if (isStringArray(value.children)) children = value.children;
      else problems.push(`The children of ${id} must be a list of component ids`);
    }
    if (value.parents !== undefined) {
      if (isStringArray(value.parents)) declaredParents.set(id, value.parents);
      else problems.push(`The parents of ${id} must be a list of component ids`);
    }
    let meta: Record<string, unknown> = {};
    if (value.meta !== undefined && value.meta !== null) {
      if (isPlainObject(value.meta)) meta = value.meta;
      else problems.push(`The meta of ${id} must be an object`);
    }
    nodes.set(id, { type, children, meta });
  }
  if (nodes.size === 0) return capped(problems);

  // Children and parents name existing components; each component has one parent at most.
  const parentsOf = new Map<string, string[]>();
  for (const [id, node] of nodes) {
    for (const child of node.children) {
      if (!nodes.has(child)) {
        problems.push(`Component ${id} has a child that does not exist: ${child}`);
        continue;
      }
      const list = parentsOf.get(child) ?? [];
      list.push(id);
      parentsOf.set(child, list);
    }
  }
  for (const [id, parents] of declaredParents) {
    for (const parent of parents) {
      if (!nodes.has(parent))
        problems.push(`Component ${id} has a parent that does not exist: ${parent}`);
    }
  }
  for (const [id, parents] of parentsOf) {
    if (parents.length > 1)
      problems.push(`Component ${id} has more than one parent: ${parents.join(', ')}`);
  }

  // The root: ROOT_ID, of type ROOT, the only one, nobody's child, holding one GRID or TABS.
  const root = nodes.get(ROOT_ID);
  if (!root || root.type !== 'ROOT') {
    problems.push(`The layout must have a ${ROOT_ID} component of type ROOT`);
  } else {
    const only = root.children.length === 1 ? nodes.get(root.children[0]!) : undefined;
    if (!only || (only.type !== 'GRID' && only.type !== 'TABS'))
      problems.push(`${ROOT_ID} must have exactly one child, a GRID or TABS component`);
  }
  for (const [id, node] of nodes) {
    if (node.type === 'ROOT' && id !== ROOT_ID)
      problems.push(`Only ${ROOT_ID} may be of type ROOT, not ${id}`);
  }
  if (parentsOf.has(ROOT_ID)) problems.push(`${ROOT_ID} cannot be the child of a component`);

  // Tabs live in TABS components only.
  for (const [id, parents] of parentsOf) {
    if (nodes.get(id)?.type !== 'TAB') continue;
    for (const parent of parents) {
      const type = nodes.get(parent)?.type;
      if (type !== 'TABS')
        problems.push(`Tab ${id} must be in a TABS component, not in ${parent} (${type ?? '?'})`);
    }
  }

  problems.push(...cycles(nodes));

  // Charts, widths, rows.
  for (const [id, node] of nodes) {
    if (node.type === 'CHART') {
      const chartId = node.meta.chartId;
      if (typeof chartId !== 'number' || !Number.isInteger(chartId))
        problems.push(`Chart component ${id} has no chart id`);
      else if (!known.has(chartId))
        problems.push(`Chart ${chartId} (${id}) does not exist or you may not read it`);
    }
    const width = node.meta.width;
    if (width !== undefined && width !== null) {
      if (
        typeof width !== 'number' ||
        !Number.isFinite(width) ||
        width < GRID_MIN_COLUMN_COUNT ||
        width > GRID_COLUMN_COUNT
      )
        problems.push(
          `The width of ${id} must be between ${GRID_MIN_COLUMN_COUNT} and ${GRID_COLUMN_COUNT}, not ${JSON.stringify(width)}`,
        );
    }
    if (node.type === 'ROW') {
      let total = 0;
      for (const child of node.children) {
        const w = nodes.get(child)?.meta.width;
        if (typeof w === 'number' && Number.isFinite(w)) total += w;
      }
      if (total > GRID_COLUMN_COUNT)
        problems.push(
          `The components of row ${id} are ${total} columns wide, more than ${GRID_COLUMN_COUNT}`,
        );
    }
  }
  return capped(problems);
}

/** One problem per cycle found in the children graph (iterative, so deep layouts are fine). */
function cycles(nodes: Map<string, Node>): string[] {
  const out: string[] = [];
  const state = new Map<string, 1 | 2>(); // 1: on the current path, 2: done
  for (const start of nodes.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ id: string; next: number }> = [{ id: start, next: 0 }];
    state.set(start, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const children = nodes.get(top.id)!.children;
      if (top.next >= children.length) {
        state.set(top.id, 2);
        stack.pop();
        continue;
      }
      const child = children[top.next++]!;
      if (!nodes.has(child)) continue;
      const s = state.get(child);
      if (s === 1) out.push(`The layout has a cycle: ${child} contains itself (through ${top.id})`);
      else if (s === undefined) {
        state.set(child, 1);
        stack.push({ id: child, next: 0 });
      }
    }
  }
  return out;
}

type Check = (value: unknown) => string | null;

const nullable =
  (check: Check): Check =>
  (v) =>
    v === null ? null : check(v);
const str: Check = (v) => (typeof v === 'string' ? null : 'Not a valid string.');
const bool: Check = (v) => (typeof v === 'boolean' ? null : 'Not a valid boolean.');
const num: Check = (v) =>
  typeof v === 'number' && Number.isFinite(v) ? null : 'Not a valid number.';
const int: Check = (v) =>
  typeof v === 'number' && Number.isInteger(v) ? null : 'Not a valid integer.';
const nonNegative: Check = (v) =>
  num(v) ?? ((v as number) >= 0 ? null : 'Must be greater than or equal to 0.');
const mapping: Check = (v) => (isPlainObject(v) ? null : 'Not a valid mapping type.');
const list =
  (item?: Check): Check =>
  (v) => {
    if (!Array.isArray(v)) return 'Not a valid list.';
    if (!item) return null;
    for (const [i, x] of v.entries()) {
      const problem = item(x);
      if (problem) return `Item ${i}: ${problem}`;
    }
    return null;
  };
const mapOf =
  (item: Check): Check =>
  (v) => {
    if (!isPlainObject(v)) return 'Not a valid mapping type.';
    for (const [k, x] of Object.entries(v)) {
      const problem = item(x);
      if (problem) return `${k}: ${problem}`;
    }
    return null;
  };
const listOrMapping: Check = (v) =>
  Array.isArray(v) || isPlainObject(v) ? null : 'Not a valid list or mapping type.';
const jsonString: Check = (v) => {
  if (typeof v !== 'string') return 'Not a valid string.';
  try {
    JSON.parse(v);
    return null;
  } catch {
    return 'Not valid JSON.';
  }
};
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? null : `Must be one of: ${values.join(', ')}.`;

/** The known keys of `json_metadata` and their types (Superset's DashboardJSONMetadataSchema). */
const METADATA_KEYS: Record<string, Check> = {
  color_scheme: nullable(str),
  color_namespace: nullable(str),
  color_scheme_domain: list(str),
  label_colors: mapOf(str),
  shared_label_colors: listOrMapping,
  expanded_slices: mapping,
  refresh_frequency: nonNegative,
  timed_refresh_immune_slices: list(int),
  stagger_refresh: bool,
  stagger_time: num,
  cross_filters_enabled: bool,
  native_filter_configuration: nullable(list(mapping)),
  chart_configuration: mapping,
  global_chart_configuration: mapping,
  filter_bar_orientation: nullable(oneOf('VERTICAL', 'HORIZONTAL')),
  default_filters: jsonString,
  filter_scopes: mapping,
  import_time: int,
  remote_id: int,
};

/**
 * Problems of a dashboard's metadata: it must be an object, and its known keys must have their
 * types (`positions` is the layout, checked on its own; unknown keys are kept as they are).
 */
export function validateJsonMetadata(metadata: unknown): string[] {
  if (!isPlainObject(metadata)) return ['Must be a JSON object'];
  const problems: string[] = [];
  for (const [key, check] of Object.entries(METADATA_KEYS)) {
    if (!Object.hasOwn(metadata, key) || metadata[key] === undefined) continue;
    const problem = check(metadata[key]);
    if (problem) problems.push(`${key}: ${problem}`);
  }
  return capped(problems);
}
