import { describe, expect, it } from 'vitest';
import type { DatasourceColumn } from '@strata/charts';
import { drillByColumnOfKey, drillBySubmenu, isDrillByKey } from './drillBySubmenu';

const cols = (n: number): DatasourceColumn[] =>
  Array.from({ length: n }, (_, i) => ({ column_name: `c${i}`, groupby: true }));
const noop = () => undefined;
type Sub = {
  children: Array<{ key?: string; label?: unknown; type?: string; children?: Sub['children'] }>;
};

describe('drillBySubmenu', () => {
  it('names its entries by column', () => {
    expect(drillByColumnOfKey('drill-by:state')).toBe('state');
    expect(drillByColumnOfKey('drill')).toBeNull();
    expect(isDrillByKey('drill-by')).toBe(true);
    expect(isDrillByKey('drill-by:x')).toBe(true);
    expect(isDrillByKey('drill')).toBe(false);
  });
  it('lists the columns; a search box above more than ten, filtering them', () => {
    const few = drillBySubmenu({ columns: cols(3), search: '', onSearch: noop }) as unknown as Sub;
    expect(few.children.map((c) => c.key)).toEqual(['drill-by:c0', 'drill-by:c1', 'drill-by:c2']);
    const many = drillBySubmenu({
      columns: cols(12),
      search: 'c1',
      onSearch: noop,
    }) as unknown as Sub;
    expect(many.children).toHaveLength(1);
    expect(many.children[0]!.type).toBe('group');
    expect(many.children[0]!.children!.map((c) => c.key)).toEqual([
      'drill-by:c1',
      'drill-by:c10',
      'drill-by:c11',
    ]);
  });
  it('shows loading, empty and disabled states', () => {
    const loading = drillBySubmenu({ columns: null, search: '', onSearch: noop }) as unknown as Sub;
    expect(loading.children[0]!.key).toBe('drill-by-loading');
    const none = drillBySubmenu({ columns: [], search: '', onSearch: noop }) as unknown as Sub;
    expect(none.children[0]!.label).toBe('No columns found');
    expect(
      drillBySubmenu({ columns: [], search: '', onSearch: noop, disabledReason: 'no' }),
    ).toMatchObject({ key: 'drill-by', disabled: true });
  });
});
