/** The text of a SELECT: one clause per line, items and conditions on their own lines. */
const list = (items: string[], separator: string) => items.join(separator);

export interface SelectParts {
  select: string[];
  from: string;
  where: string[];
  groupBy: string[];
  having: string[];
  orderBy: string[];
  limit?: number | string | null;
  offset?: number | null;
}

export function renderSelect(p: SelectParts): string {
  const lines = [`SELECT ${list(p.select, ',\n       ')}`, `FROM ${p.from}`];
  if (p.where.length) lines.push(`WHERE ${list(p.where, '\n  AND ')}`);
  if (p.groupBy.length) lines.push(`GROUP BY ${list(p.groupBy, ',\n         ')}`);
  if (p.having.length) lines.push(`HAVING ${list(p.having, '\n   AND ')}`);
  if (p.orderBy.length) lines.push(`ORDER BY ${list(p.orderBy, ',\n         ')}`);
  if (p.limit) lines.push(`LIMIT ${p.limit}`);
  if (p.offset) lines.push(`OFFSET ${p.offset}`);
  return lines.join('\n');
}
