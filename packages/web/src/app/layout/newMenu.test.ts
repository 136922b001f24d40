import { describe, expect, it } from 'vitest';
import type { PermissionPair } from '@strata/core';
import { newMenuEntries, showsNewMenu } from './newMenu';
import type { NewMenuEntry } from './newMenu';

const user = (...pairs: PermissionPair[]) => ({ roles: { R: pairs } });
const CSV: PermissionPair = ['can_this_form_post', 'CsvToDatabaseView'];
const EXCEL: PermissionPair = ['can_this_form_post', 'ExcelToDatabaseView'];
const COLUMNAR: PermissionPair = ['can_this_form_post', 'ColumnarToDatabaseView'];
const WRITE_DATASET: PermissionPair = ['can_write', 'Dataset'];
const WRITE_DATABASE: PermissionPair = ['can_write', 'Database'];
const WRITE_CHART: PermissionPair = ['can_write', 'Chart'];
const WRITE_DASHBOARD: PermissionPair = ['can_write', 'Dashboard'];
const SQLLAB: PermissionPair = ['can_sqllab', 'Superset'];
const PATHS = {
  datasetAdd: '/dataset/add/',
  sqlLabNew: '/sqllab/?new=true',
  chartAdd: '/chart/add/',
  dashboardNew: '/dashboard/new/',
};

const shape = (entries: NewMenuEntry[]) =>
  entries.map((e) =>
    e.kind === 'data'
      ? { Data: e.children.map((c) => (c.kind === 'divider' ? '—' : c.label)) }
      : e.label,
  );

describe('the + menu', () => {
  it("offers Superset's entries to a user who may do everything", () => {
    const all = user(
      WRITE_DATABASE,
      WRITE_DATASET,
      CSV,
      EXCEL,
      COLUMNAR,
      SQLLAB,
      WRITE_CHART,
      WRITE_DASHBOARD,
    );
    const entries = newMenuEntries(all, 'some', PATHS);
    expect(shape(entries)).toEqual([
      {
        Data: [
          'Connect database',
          'Create dataset',
          '—',
          'Upload CSV to database',
          'Upload Excel to database',
          'Upload Columnar file to database',
        ],
      },
      'SQL query',
      'Chart',
      'Dashboard',
    ]);
    expect(entries.slice(1)).toEqual([
      { kind: 'link', key: 'sql', label: 'SQL query', path: '/sqllab/?new=true' },
      { kind: 'link', key: 'chart', label: 'Chart', path: '/chart/add/' },
      { kind: 'link', key: 'dashboard', label: 'Dashboard', path: '/dashboard/new/' },
    ]);
  });

  it('gives each entry for its own permission', () => {
    expect(shape(newMenuEntries(user(WRITE_CHART, WRITE_DASHBOARD), 'some', PATHS))).toEqual([
      'Chart',
      'Dashboard',
    ]);
    expect(shape(newMenuEntries(user(WRITE_DATASET), 'unknown', PATHS))).toEqual([
      { Data: ['Create dataset'] },
    ]);
    expect(shape(newMenuEntries(user(EXCEL), 'some', PATHS))).toEqual([
      { Data: ['Upload Excel to database'] },
    ]);
    expect(newMenuEntries(user(), 'some', PATHS)).toEqual([]);
  });

  it('says why uploads are missing until a database takes them', () => {
    expect(shape(newMenuEntries(user(WRITE_DATABASE, CSV), 'loading', PATHS))).toEqual([
      { Data: ['Connect database', '—', 'Loading…'] },
    ]);
    expect(shape(newMenuEntries(user(CSV), 'none', PATHS))).toEqual([
      { Data: ['No database allows file uploads'] },
    ]);
    expect(shape(newMenuEntries(user(CSV), 'error', PATHS))).toEqual([
      { Data: ['The databases could not be loaded'] },
    ]);
  });

  it('shows the + button to those with something to add', () => {
    expect(showsNewMenu(user(COLUMNAR))).toBe(true);
    expect(showsNewMenu(user(WRITE_CHART))).toBe(true);
    expect(showsNewMenu(user(['can_read', 'Dataset']))).toBe(false);
    expect(showsNewMenu(null)).toBe(false);
  });
});
