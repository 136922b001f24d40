import { describe, expect, it } from 'vitest';
import { THUMBNAIL_DIGEST } from '@strata/core';
import {
  chartDigest,
  dashboardDigest,
  permissionFingerprint,
  type ChartDigestInput,
  type DashboardDigestInput,
} from './digest.js';

const chart: ChartDigestInput = {
  id: 7,
  vizType: 'pie',
  params: '{"metric":"count"}',
  datasourceId: 3,
  datasourceType: 'table',
  datasetChangedOn: '2026-11-01T10:00:00.000Z',
};
const admin = {
  userId: 1,
  access: permissionFingerprint(['can_read|Chart', 'all_database_access|all_database_access']),
};
const dashboard: DashboardDigestInput = {
  id: 2,
  positionJson: '{"ROOT_ID":{}}',
  css: '',
  jsonMetadata: '{}',
  charts: [chart, { ...chart, id: 8, params: '{"metric":"sum"}' }],
};

describe('thumbnail digests', () => {
  it('are hex SHA-256 digests, stable for the same object and user', () => {
    expect(chartDigest(chart, admin)).toMatch(THUMBNAIL_DIGEST);
    expect(chartDigest({ ...chart }, { ...admin })).toBe(chartDigest(chart, admin));
    expect(dashboardDigest(dashboard, admin)).toMatch(THUMBNAIL_DIGEST);
  });

  it('change with what draws the chart', () => {
    const base = chartDigest(chart, admin);
    for (const changed of [
      { params: '{"metric":"sum"}' },
      { vizType: 'bar' },
      { datasourceId: 4 },
      { datasetChangedOn: '2026-11-02T10:00:00.000Z' },
    ])
      expect(chartDigest({ ...chart, ...changed }, admin)).not.toBe(base);
  });

  it('change with the user and with what the user may read', () => {
    const base = chartDigest(chart, admin);
    expect(chartDigest(chart, { ...admin, userId: 2 })).not.toBe(base);
    expect(
      chartDigest(chart, { ...admin, access: permissionFingerprint(['can_read|Chart']) }),
    ).not.toBe(base);
  });

  it("change a dashboard's digest when one of its charts changes, whatever their order", () => {
    const base = dashboardDigest(dashboard, admin);
    expect(dashboardDigest({ ...dashboard, charts: [...dashboard.charts].reverse() }, admin)).toBe(
      base,
    );
    const edited = {
      ...dashboard,
      charts: [{ ...chart, params: '{"metric":"avg"}' }, dashboard.charts[1]!],
    };
    expect(dashboardDigest(edited, admin)).not.toBe(base);
    expect(dashboardDigest({ ...dashboard, charts: [chart] }, admin)).not.toBe(base);
    expect(dashboardDigest({ ...dashboard, positionJson: '{}' }, admin)).not.toBe(base);
    expect(dashboardDigest({ ...dashboard, css: 'a{}' }, admin)).not.toBe(base);
    expect(dashboardDigest({ ...dashboard, jsonMetadata: '{"x":1}' }, admin)).not.toBe(base);
  });

  it('keep a chart and a dashboard of the same id apart', () => {
    expect(chartDigest({ ...chart, id: 2 }, admin)).not.toBe(
      dashboardDigest({ ...dashboard, charts: [] }, admin),
    );
  });

  it('fingerprint permissions whatever their order', () => {
    expect(permissionFingerprint(['b', 'a'])).toBe(permissionFingerprint(['a', 'b']));
    expect(permissionFingerprint(['a'])).not.toBe(permissionFingerprint(['a', 'b']));
  });
});
