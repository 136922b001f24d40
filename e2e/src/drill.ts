/** Helpers of the drill browser tests (drill by, drill menus). */
import type { Locator, Page, Request } from 'playwright-core';
import { chooseMenuItem, openSubmenu } from './harness.js';

/** What a chart data request's first query asks (the part the drill tests read). */
export interface SentQuery {
  columns?: unknown[];
  filters?: Array<{ col: unknown; op: string; val?: unknown }>;
}

/** The next chart data request's first query. */
export function nextChartQuery(page: Page): Promise<SentQuery> {
  return page
    .waitForRequest((r: Request) => r.url().includes('/api/v1/chart/data') && r.method() === 'POST')
    .then((r) => (r.postDataJSON() as { queries: SentQuery[] }).queries[0]!);
}

/** The drill by modal. */
export function drillByModal(page: Page): Locator {
  return page.locator('.ant-modal', { hasText: 'Drill by:' });
}

/** Chooses `column` in the open context menu's "Drill by" submenu. */
export async function drillByColumn(page: Page, column: string): Promise<void> {
  const entry = page.getByRole('menuitem', { name: column, exact: true });
  await openSubmenu(
    page,
    page.locator('.ant-dropdown-menu-submenu-title', { hasText: 'Drill by' }).last(),
    entry,
  );
  await chooseMenuItem(entry);
}
