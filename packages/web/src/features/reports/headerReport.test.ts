import { describe, expect, it } from 'vitest';
import { canManageReports } from './access';
import {
  defaultReportFormat,
  newSimpleReport,
  simpleReportCreateBody,
  simpleReportErrors,
  simpleReportFormats,
  simpleReportUpdateBody,
} from './headerReport';

describe('header menu reports', () => {
  it('is offered to admins and ReportSchedule writers', () => {
    expect(canManageReports({ roles: { Admin: [] } })).toBe(true);
    expect(canManageReports({ roles: { Gamma: [['can_write', 'ReportSchedule']] } })).toBe(true);
    expect(canManageReports({ roles: { Gamma: [['can_read', 'ReportSchedule']] } })).toBe(false);
    expect(canManageReports(null)).toBe(false);
  });

  it('starts weekly on Monday at noon, named after the target', () => {
    expect(
      newSimpleReport({ kind: 'dashboard', targetName: 'Sales', timezone: 'Europe/Paris' }),
    ).toEqual({
      name: 'Weekly Report for Sales',
      description: '',
      crontab: '0 12 * * 1',
      timezone: 'Europe/Paris',
      format: 'PNG',
      customWidth: null,
    });
    expect(newSimpleReport({ kind: 'chart', timezone: 'UTC' }).name).toBe('Weekly Report');
    expect(defaultReportFormat('chart', 'table')).toBe('TEXT');
    expect(defaultReportFormat('chart', 'pie')).toBe('PNG');
    expect(defaultReportFormat('dashboard', 'table')).toBe('PNG');
    expect(simpleReportFormats('dashboard').map((f) => f.value)).toEqual(['PNG', 'PDF']);
    expect(simpleReportFormats('chart').map((f) => f.value)).toEqual(['TEXT', 'PNG', 'PDF', 'CSV']);
  });

  it('checks the name, schedule, width and the recipient address', () => {
    const report = newSimpleReport({ kind: 'chart', timezone: 'UTC' });
    expect(simpleReportErrors(report, 'ada@example.com', true)).toEqual({});
    expect(
      simpleReportErrors(
        { ...report, name: ' ', crontab: '* *', timezone: '', customWidth: 10 },
        '',
        true,
      ),
    ).toEqual({
      name: 'Enter a name for the report.',
      crontab:
        'A CRON expression has five fields: minute, hour, day of month, month and day of week.',
      timezone: 'Choose a time zone.',
      customWidth: 'The width must be between 600 and 2400 pixels.',
      email:
        'Your account has no valid e-mail address to send the report to. Set one in your user settings first.',
    });
    expect(simpleReportErrors(report, '', false)).toEqual({});
  });

  it("writes the report to the user's address, from the target's menu", () => {
    const report = {
      ...newSimpleReport({ kind: 'chart', targetName: 'Pie', timezone: 'UTC' }),
      format: 'CSV' as const,
      customWidth: 900,
      description: ' Weekly pie ',
    };
    expect(
      simpleReportCreateBody(report, {
        kind: 'chart',
        id: 4,
        userId: 1,
        email: 'ada@example.com',
      }),
    ).toEqual({
      type: 'Report',
      name: 'Weekly Report for Pie',
      description: 'Weekly pie',
      active: true,
      force_screenshot: false,
      crontab: '0 12 * * 1',
      timezone: 'UTC',
      report_format: 'CSV',
      custom_width: null,
      creation_method: 'charts',
      chart: 4,
      dashboard: null,
      owners: [1],
      recipients: [{ type: 'Email', recipient_config_json: { target: 'ada@example.com' } }],
    });
    expect(
      simpleReportUpdateBody({ ...report, format: 'PNG', name: ' New ', description: '' }),
    ).toEqual({
      name: 'New',
      description: null,
      crontab: '0 12 * * 1',
      timezone: 'UTC',
      report_format: 'PNG',
      custom_width: 900,
    });
  });
});
