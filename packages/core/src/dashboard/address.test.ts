import { describe, expect, it } from 'vitest';
import { dashboardIdOrSlugOf } from './address.js';

describe('dashboardIdOrSlugOf', () => {
  it('reads the id or slug of both dashboard addresses', () => {
    expect(dashboardIdOrSlugOf('/superset/dashboard/12/')).toBe('12');
    expect(dashboardIdOrSlugOf('/dashboard/sales-board')).toBe('sales-board');
    expect(dashboardIdOrSlugOf('/superset/dashboard/new/')).toBe('new');
  });

  it('names no dashboard for the list, other pages and impossible values', () => {
    for (const p of [
      '/dashboard/list/',
      '/chart/list/',
      '/superset/dashboard/a%2Fb/',
      '/superset/dashboard/%E0%A4%A/',
    ])
      expect(dashboardIdOrSlugOf(p), p).toBeNull();
  });
});
