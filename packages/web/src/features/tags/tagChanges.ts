/** What to add and take off to go from one set of tag names to another (trimmed, no repeats). */
export function tagChanges(before: string[], after: string[]): { add: string[]; remove: string[] } {
  const clean = (names: string[]) => [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  const was = new Set(clean(before));
  const now = clean(after);
  const nowSet = new Set(now);
  return {
    add: now.filter((n) => !was.has(n)),
    remove: [...was].filter((n) => !nowSet.has(n)),
  };
}

/** The tag page's address (Superset's `/superset/all_entities/?id=`). */
export function tagPagePath(id: number): string {
  return `/superset/all_entities/?id=${id}`;
}

/** The tag id of the tag page's address, or null. */
export function tagIdOfSearch(search: string): number | null {
  const text = new URLSearchParams(search).get('id');
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}
