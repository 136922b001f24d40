/** One page (0-based) of a list; everything when no page size is given. */
export function pageOf<T>(items: T[], page = 0, pageSize?: number): T[] {
  if (!pageSize || pageSize <= 0) return items;
  const start = Math.max(0, page) * pageSize;
  return items.slice(start, start + pageSize);
}
