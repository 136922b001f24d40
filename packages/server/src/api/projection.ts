/**
 * Keeps only the asked-for columns of API objects. Dotted names reach into nested objects and
 * lists: `owners.id` keeps the `id` of each owner.
 */
export function projectColumns(
  item: Record<string, unknown>,
  columns: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nested = new Map<string, string[]>();
  for (const col of columns) {
    const dot = col.indexOf('.');
    if (dot < 0) {
      if (col in item) out[col] = item[col];
      continue;
    }
    const head = col.slice(0, dot);
    const list = nested.get(head) ?? [];
    list.push(col.slice(dot + 1));
    nested.set(head, list);
  }
  for (const [head, rest] of nested) {
    if (head in out || !(head in item)) continue;
    const value = item[head];
    if (Array.isArray(value)) {
      out[head] = value.map((v) =>
        v && typeof v === 'object' ? projectColumns(v as Record<string, unknown>, rest) : v,
      );
    } else if (value && typeof value === 'object') {
      out[head] = projectColumns(value as Record<string, unknown>, rest);
    } else {
      out[head] = value;
    }
  }
  return out;
}
