import { describe, expect, it } from 'vitest';
import { buildListQuery, parseListState } from '../../components/ListView/listState';
import { listQueryToRison } from '../../app/api/urls';
import { risonEncode } from '@strata/core';
import {
  REPORT_LIST_FILTERS,
  REPORT_LIST_SORT,
  canEditReport,
  durationText,
  formatDateTime,
  listPathOf,
  logPathOf,
  parseServerTime,
  relativeTime,
  reportIdParam,
  reportTypeOfPath,
  stateDescription,
  targetReportQuery,
  typeFilter,
} from './reportList';

describe('addresses', () => {
  it('maps paths and types', () => {
    expect(reportTypeOfPath('/report/list/')).toBe('Report');
    expect(reportTypeOfPath('/report/4/log')).toBe('Report');
    expect(reportTypeOfPath('/alert/list/')).toBe('Alert');
    expect(listPathOf('Report')).toBe('/report/list/');
    expect(listPathOf('Alert')).toBe('/alert/list/');
    expect(logPathOf('Alert', 7)).toBe('/alert/7/log');
    expect(logPathOf('Report', 7)).toBe('/report/7/log');
    expect(reportIdParam('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1e3', 'x', '9999999999999999']) {
      expect(reportIdParam(bad)).toBeNull();
    }
  });
});

describe('list queries', () => {
  it('sends the type and the chosen filters as rison', () => {
    const state = parseListState(
      "filters=(search:'daily',status:Error,owners:(label:'Ada Admin',value:1))",
      { defaultSort: REPORT_LIST_SORT, filters: REPORT_LIST_FILTERS },
    );
    const query = buildListQuery(state, REPORT_LIST_FILTERS, 25);
    const filters = [typeFilter('Report'), ...(query.filters ?? [])];
    expect(risonEncode(listQueryToRison({ ...query, filters }))).toBe(
      '(filters:!((col:type,opr:eq,value:Report),(col:name,opr:ct,value:daily),' +
        '(col:owners,opr:rel_m_m,value:1),(col:last_state,opr:eq,value:Error)),' +
        'order_column:name,order_direction:asc,page:0,page_size:25)',
    );
  });

  it("asks for the user's report of a chart or dashboard", () => {
    expect(risonEncode(listQueryToRison(targetReportQuery('dashboard', 3, 1)))).toBe(
      '(filters:!((col:dashboard_id,opr:eq,value:3),(col:creation_method,opr:eq,value:dashboards),' +
        '(col:created_by,opr:rel_o_m,value:1)),page:0,page_size:1)',
    );
    expect(targetReportQuery('chart', 9, 2).filters).toEqual([
      { col: 'chart_id', opr: 'eq', value: 9 },
      { col: 'creation_method', opr: 'eq', value: 'charts' },
      { col: 'created_by', opr: 'rel_o_m', value: 2 },
    ]);
  });
});

describe('who may edit', () => {
  const row = { owners: [{ id: 2, first_name: 'Bo', last_name: 'B' }] };
  it('lets owners and admins edit', () => {
    expect(canEditReport(row, { userId: 2, roles: { Gamma: [] } })).toBe(true);
    expect(canEditReport(row, { userId: 3, roles: { Admin: [] } })).toBe(true);
    expect(canEditReport(row, { userId: 3, roles: { Alpha: [] } })).toBe(false);
    expect(canEditReport(row, null)).toBe(false);
  });
});

describe('texts', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('says how long ago', () => {
    expect(relativeTime(null, now)).toBe('');
    expect(relativeTime('2026-11-28T11:59:50Z', now)).toBe('a few seconds ago');
    expect(relativeTime('2026-11-28T11:59:00Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-11-28T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-28T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-28T09:00:00', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-26T12:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('2026-08-28T12:00:00Z', now)).toBe('3 months ago');
    expect(relativeTime('2024-11-28T12:00:00Z', now)).toBe('2 years ago');
    expect(relativeTime('2026-11-28T14:00:00Z', now)).toBe('in 2 hours');
    expect(relativeTime('garbage', now)).toBe('');
  });

  it('formats times and durations', () => {
    expect(parseServerTime('2026-11-28T09:00:00+01:00')?.toISOString()).toBe(
      '2026-11-28T08:00:00.000Z',
    );
    expect(formatDateTime('2026-11-28T09:00:00Z', 'UTC')).toBe('2026-11-28 09:00:00');
    expect(formatDateTime('2026-11-28T09:00:00Z', 'Asia/Tokyo')).toBe('2026-11-28 18:00:00');
    expect(formatDateTime(null)).toBe('');
    expect(durationText('2026-11-28T09:00:00Z', '2026-11-28T09:00:00.420Z')).toBe('0.42 s');
    expect(durationText('2026-11-28T09:00:00Z', '2026-11-28T09:02:05Z')).toBe('2 min 5 s');
    expect(durationText('2026-11-28T09:00:00Z', '2026-11-28T10:03:00Z')).toBe('1 h 3 min');
    expect(durationText('2026-11-28T09:00:00Z', null)).toBe('');
  });

  it('describes states', () => {
    expect(stateDescription('Success', 'Report')).toBe('Report sent');
    expect(stateDescription('Success', 'Alert')).toBe('Alert triggered, notification sent');
    expect(stateDescription('Error', 'Alert')).toBe('Alert failed');
    expect(stateDescription(null, 'Alert')).toBe('Not run yet');
  });
});
