/** One page of a paged list answer. */
export interface Page<T> {
  result: T[];
  count?: number;
}

/**
 * Reads every page of a paged list: asks for pages 0, 1, … until `count` items arrived or a
 * page comes back short. `maxPages` stops a server that never ends.
 */
export async function fetchAllPages<T>(
  getPage: (page: number, pageSize: number) => Promise<Page<T>>,
  pageSize: number,
  maxPages = 1000,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; page < maxPages; page += 1) {
    const { result, count } = await getPage(page, pageSize);
    const rows = result ?? [];
    items.push(...rows);
    if (rows.length < pageSize) break;
    if (count !== undefined && items.length >= count) break;
  }
  return items;
}
