import { describe, expect, it } from 'vitest';
import {
  INCOMPATIBLE_MESSAGES,
  datasetNames,
  isUnknownColumn,
  isUnknownFilter,
  isUnknownMetric,
  unknownItems,
} from './datasetCompat';

const dataset = {
  id: 1,
  type: 'table',
  columns: [{ column_name: 'region' }, { column_name: 'amount' }],
  metrics: [{ metric_name: 'count' }],
};
const names = datasetNames(dataset);

describe('items a dataset does not have', () => {
  it('has nothing to check against without a dataset or its columns', () => {
    expect(datasetNames(null)).toBeNull();
    expect(datasetNames({ ...dataset, columns: [] })).toBeNull();
    expect(isUnknownColumn('gone', null)).toBe(false);
    expect(isUnknownMetric('gone', null)).toBe(false);
    expect(isUnknownFilter({ expressionType: 'SIMPLE', subject: 'gone' }, null)).toBe(false);
    expect(
      unknownItems({ datasource: '1__table', viz_type: 'table', metrics: ['gone'] }, null),
    ).toEqual([]);
  });

  it('checks columns by name; SQL columns are not checked', () => {
    expect(isUnknownColumn('region', names)).toBe(false);
    expect(isUnknownColumn('lost', names)).toBe(true);
    expect(
      isUnknownColumn({ expressionType: 'SQL', sqlExpression: 'lost', label: 'x' }, names),
    ).toBe(false);
  });

  it('checks saved metrics by name and simple metrics by column; SQL ones are not checked', () => {
    expect(isUnknownMetric('count', names)).toBe(false);
    expect(isUnknownMetric('sum__gone', names)).toBe(true);
    const simple = (column: string) => ({
      expressionType: 'SIMPLE',
      aggregate: 'SUM',
      column: { column_name: column },
      label: `SUM(${column})`,
    });
    expect(isUnknownMetric(simple('amount'), names)).toBe(false);
    expect(isUnknownMetric(simple('old'), names)).toBe(true);
    expect(isUnknownMetric({ expressionType: 'SQL', sqlExpression: 'SUM(old)' }, names)).toBe(
      false,
    );
  });

  it('checks simple filters by subject; SQL filters are not checked', () => {
    expect(isUnknownFilter({ expressionType: 'SIMPLE', subject: 'region' }, names)).toBe(false);
    expect(isUnknownFilter({ expressionType: 'SIMPLE', subject: 'lost' }, names)).toBe(true);
    expect(isUnknownFilter({ expressionType: 'SQL', sqlExpression: 'lost = 1' }, names)).toBe(
      false,
    );
  });

  it('lists every unknown item of the form data with its field and kind', () => {
    expect(
      unknownItems(
        {
          datasource: '1__table',
          viz_type: 'table',
          metrics: [
            'count',
            'gone',
            {
              expressionType: 'SIMPLE',
              aggregate: 'SUM',
              column: { column_name: 'old' },
              label: 'SUM(old)',
            },
          ],
          groupby: ['region', 'lost'],
          x_axis: 'vanished',
          adhoc_filters: [
            {
              expressionType: 'SIMPLE',
              clause: 'WHERE',
              subject: 'was',
              operator: '==',
              comparator: 'a',
            },
          ],
        },
        dataset,
      ),
    ).toEqual([
      { field: 'metrics', kind: 'metric', label: 'gone' },
      { field: 'metrics', kind: 'metric', label: 'SUM(old)' },
      { field: 'groupby', kind: 'column', label: 'lost' },
      { field: 'x_axis', kind: 'column', label: 'vanished' },
      { field: 'adhoc_filters', kind: 'filter', label: 'was' },
    ]);
  });

  it("says the spec's warnings", () => {
    expect(INCOMPATIBLE_MESSAGES).toEqual({
      column: 'This column might be incompatible with current dataset',
      metric: 'This metric might be incompatible with current dataset',
      filter: 'This filter might be incompatible with current dataset',
    });
  });
});
