import { describe, expect, it, vi } from 'vitest';
import { canCreateDataset, canExportCsv, canSaveQuery } from './access';
import { KeyedDebouncer } from './debounce';
import type { Timers } from './debounce';
import { editorDialect, formatSql, formatterLanguage } from './format';
import { clampNorth, percentsFromSizes } from './layout';
import { fallbackSelectStar } from './store/tableThunks';
import { columnKeyKinds, keyDescriptions } from './tableMeta';
import {
  csvUrl,
  executeUrl,
  resultsUrl,
  tabQueryUrl,
  tableMetadataUrl,
  tablesUrl,
  updatedSinceUrl,
} from './urls';

describe('urls', () => {
  it('passes the page query string on to execute', () => {
    expect(executeUrl('')).toBe('/api/v1/sqllab/execute/');
    expect(executeUrl('?a=1&b=2')).toBe('/api/v1/sqllab/execute/?a=1&b=2');
  });

  it('encodes rison parameters', () => {
    expect(decodeURIComponent(resultsUrl('abc', 100))).toBe(
      '/api/v1/sqllab/results/?q=(key:abc,rows:100)',
    );
    expect(decodeURIComponent(resultsUrl('a-b', 100, 200))).toBe(
      '/api/v1/sqllab/results/?q=(key:a-b,offset:200,rows:100)',
    );
    expect(decodeURIComponent(updatedSinceUrl(12.7))).toBe(
      '/api/v1/query/updated_since?q=(last_updated_ms:12)',
    );
    expect(decodeURIComponent(tablesUrl(1, 'main'))).toBe(
      '/api/v1/database/1/tables/?q=(schema_name:main)',
    );
  });

  it('builds paths with encoded parts', () => {
    expect(tableMetadataUrl(1, 'a b', null)).toBe('/api/v1/database/1/table/a%20b/null/');
    expect(csvUrl('x/y')).toBe('/api/v1/sqllab/export/x%2Fy/');
    expect(tabQueryUrl('7', 'q')).toBe('/tabstateview/7/query/q');
  });
});

describe('layout', () => {
  it('keeps the editor height within bounds', () => {
    expect(clampNorth(5, 40)).toBe(15);
    expect(clampNorth(95, 40)).toBe(85);
    expect(clampNorth(Number.NaN, 40)).toBe(40);
    expect(percentsFromSizes([300, 700], 40)).toEqual({ northPercent: 30, southPercent: 70 });
    expect(percentsFromSizes([0, 0], 40)).toEqual({ northPercent: 40, southPercent: 60 });
  });
});

describe('format', () => {
  it('maps backends to formatter languages and editor dialects', () => {
    expect(formatterLanguage('duckdb')).toBe('duckdb');
    expect(formatterLanguage('PostgreSQL')).toBe('postgresql');
    expect(formatterLanguage('oracle')).toBe('plsql');
    expect(formatterLanguage('unknown')).toBe('sql');
    expect(formatterLanguage(null)).toBe('sql');
    expect(editorDialect('DuckDB')).toBe('duckdb');
    expect(editorDialect(null)).toBe('sql');
  });

  it('formats SQL and keeps Jinja blocks', async () => {
    const out = await formatSql("select a,b from t where x = {{ url_param('x') }}", 'duckdb');
    expect(out).toContain('SELECT');
    expect(out).toContain("{{ url_param('x') }}");
  });
});

describe('KeyedDebouncer', () => {
  function fakeTimers() {
    const pending = new Map<number, () => void>();
    let next = 1;
    const timers: Timers = {
      set: (fn) => {
        pending.set(next, fn);
        return next++;
      },
      clear: (h) => void pending.delete(h as number),
    };
    return { timers, fire: () => [...pending.values()].forEach((f) => f()), pending };
  }

  it('keeps one pending call per key, the latest', () => {
    const t = fakeTimers();
    const d = new KeyedDebouncer(1000, t.timers);
    const calls: string[] = [];
    d.schedule('a', () => calls.push('a1'));
    d.schedule('a', () => calls.push('a2'));
    d.schedule('b', () => calls.push('b1'));
    expect(t.pending.size).toBe(2);
    t.fire();
    expect(calls).toEqual(['a2', 'b1']);
    expect(d.has('a')).toBe(false);
  });

  it('flushes and cancels', () => {
    const t = fakeTimers();
    const d = new KeyedDebouncer(1000, t.timers);
    const fn = vi.fn();
    d.schedule('a', fn);
    d.schedule('b', () => fn('b'));
    d.cancel('b');
    d.flush();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(t.pending.size).toBe(0);
  });
});

describe('key icons', () => {
  const panel = {
    primaryKey: { type: 'pk', constrained_columns: ['id'] },
    foreignKeys: [
      {
        type: 'fk',
        constrained_columns: ['cid'],
        referred_table: 'customers',
        referred_columns: ['id'],
      },
    ],
    indexes: [{ type: 'index', name: 'idx_cid', column_names: ['cid'] }],
  };

  it('orders primary, foreign and index keys', () => {
    expect(columnKeyKinds({ name: 'id' }, panel)).toEqual(['pk']);
    expect(columnKeyKinds({ name: 'cid' }, panel)).toEqual(['fk', 'index']);
    expect(columnKeyKinds({ name: 'x', keys: [{ type: 'index' }] }, panel)).toEqual(['index']);
    expect(columnKeyKinds({ name: 'y' }, panel)).toEqual([]);
  });

  it('describes them', () => {
    expect(keyDescriptions({ name: 'cid' }, panel)).toEqual([
      'Foreign key to customers(id)',
      'Index idx_cid',
    ]);
    expect(keyDescriptions({ name: 'id' }, panel)).toEqual(['Primary key']);
  });
});

describe('access', () => {
  it('follows roles and permissions', () => {
    const admin = { roles: { Admin: [] } };
    const sqlLab = {
      roles: {
        sql_lab: [
          ['can_export_csv', 'SQLLab'],
          ['can_write', 'SavedQuery'],
        ] as Array<[string, string]>,
      },
    };
    expect(canExportCsv(admin)).toBe(true);
    expect(canExportCsv(sqlLab)).toBe(true);
    expect(canCreateDataset(sqlLab)).toBe(false);
    expect(canSaveQuery(sqlLab)).toBe(true);
    expect(canSaveQuery(null)).toBe(false);
  });
});

describe('fallbackSelectStar', () => {
  it('quotes names and limits the preview', () => {
    expect(fallbackSelectStar('main', 'my "t"')).toBe(
      'SELECT *\nFROM "main"."my ""t"""\nLIMIT 100',
    );
    expect(fallbackSelectStar(null, 't')).toBe('SELECT *\nFROM "t"\nLIMIT 100');
  });
});
