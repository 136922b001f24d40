import { describe, expect, it } from 'vitest';
import { datasetHealth } from './datasetHealth';

const none = {
  warningMarkdown: null,
  certifiedBy: null,
  certificationDetails: null,
  healthCheckMessage: null,
};

describe("the dataset's health", () => {
  it('reads the warning and certification of extra, as JSON text or an object', () => {
    const extra = {
      warning_markdown: '**Stale** since May',
      certification: { certified_by: 'Data team', details: 'Checked weekly' },
    };
    const expected = {
      warningMarkdown: '**Stale** since May',
      certifiedBy: 'Data team',
      certificationDetails: 'Checked weekly',
      healthCheckMessage: null,
    };
    expect(datasetHealth({ extra: JSON.stringify(extra) })).toEqual(expected);
    expect(datasetHealth({ extra })).toEqual(expected);
  });

  it("takes the server's health check message", () => {
    expect(datasetHealth({ extra: null, health_check_message: 'Main column gone' })).toEqual({
      ...none,
      healthCheckMessage: 'Main column gone',
    });
  });

  it('has nothing to say of an unreadable or empty extra', () => {
    expect(datasetHealth(null)).toEqual(none);
    expect(datasetHealth({ extra: '{not json' })).toEqual(none);
    expect(datasetHealth({ extra: '[1]' })).toEqual(none);
    expect(
      datasetHealth({
        extra: { warning_markdown: '  ', certification: 'x' },
        health_check_message: 3,
      }),
    ).toEqual(none);
  });
});
