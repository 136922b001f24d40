import { describe, expect, it } from 'vitest';
import type { ReportShow } from '@strata/core';
import { newRecipientSetting } from './recipients';
import {
  fittingFormat,
  formFromShow,
  formatOptions,
  hasErrors,
  newReportForm,
  parseThreshold,
  reportBody,
  sectionsWithErrors,
  serverErrors,
  validateReportForm,
  type ReportForm,
} from './reportForm';

const admin = { value: 1, label: 'Ada Admin' };

function validReport(): ReportForm {
  const form = newReportForm('Report', { owner: admin, timezone: 'Europe/Paris' });
  return {
    ...form,
    name: 'Daily sales',
    dashboard: { value: 7, label: 'Sales' },
    crontab: '0 9 * * *',
    recipients: [newRecipientSetting('Email', 'ada@example.com')],
  };
}

function validAlert(): ReportForm {
  return {
    ...validReport(),
    type: 'Alert',
    name: 'Too many errors',
    database: { value: 2, label: 'examples' },
    sql: 'SELECT count(*) FROM errors',
    condition: '>',
    threshold: '10',
    gracePeriod: 3600,
  };
}

const show: ReportShow = {
  id: 5,
  type: 'Alert',
  name: 'Errors',
  description: null,
  context_markdown: null,
  active: false,
  crontab: '*/10 * * * *',
  timezone: 'UTC',
  creation_method: 'alerts_reports',
  chart: { id: 3, slice_name: 'Errors by day', viz_type: 'table' },
  dashboard: null,
  database: { id: 2, database_name: 'examples' },
  sql: 'SELECT 1',
  validator_type: 'operator',
  validator_config_json: '{"op": ">=", "threshold": 2.5}',
  owners: [
    { id: 1, first_name: 'Ada', last_name: 'Admin' },
    { id: 4, first_name: '', last_name: '' },
  ],
  recipients: [
    { id: 9, type: 'Slack', recipient_config_json: '{"target": "alerts"}' },
    {
      id: 10,
      type: 'Webhook',
      recipient_config_json: '{"target": "https://h/", "secret": "********"}',
    },
  ],
  report_format: 'CSV',
  grace_period: 600,
  working_timeout: 120,
  log_retention: 30,
  force_screenshot: false,
  custom_width: null,
  email_subject: null,
  extra: { dashboard: { activeTabs: ['TAB-1'] }, keep: 1 },
  last_eval_dttm: null,
  last_state: null,
  last_value: null,
  last_value_row_json: null,
};

describe('new forms', () => {
  it('starts a report owned by the user, e-mailed daily at midnight in their time zone', () => {
    const form = newReportForm('Report', { owner: admin, timezone: 'Asia/Tokyo' });
    expect(form).toMatchObject({
      type: 'Report',
      owners: [admin],
      active: true,
      crontab: '0 0 * * *',
      timezone: 'Asia/Tokyo',
      contentType: 'dashboard',
      format: 'PNG',
      logRetention: 90,
      workingTimeout: 3600,
      gracePeriod: null,
      creationMethod: 'alerts_reports',
    });
    expect(form.recipients.map((r) => r.type)).toEqual(['Email']);
    expect(newReportForm('Alert', { timezone: 'UTC' }).gracePeriod).toBe(14400);
  });
});

describe('formats', () => {
  it('limits the formats to the target', () => {
    expect(formatOptions('dashboard').map((o) => o.value)).toEqual(['PNG', 'PDF']);
    expect(formatOptions('chart').map((o) => o.value)).toEqual(['PNG', 'PDF', 'CSV', 'TEXT']);
    expect(fittingFormat('dashboard', 'CSV')).toBe('PNG');
    expect(fittingFormat('dashboard', 'PDF')).toBe('PDF');
  });
});

describe('validateReportForm', () => {
  it('accepts complete reports and alerts', () => {
    expect(hasErrors(validateReportForm(validReport()))).toBe(false);
    expect(hasErrors(validateReportForm(validAlert()))).toBe(false);
    expect(
      hasErrors(validateReportForm({ ...validAlert(), condition: 'not null', threshold: '' })),
    ).toBe(false);
  });

  it('says what is missing, field by field, and which sections hold it', () => {
    const empty = newReportForm('Alert', { timezone: '' });
    const errors = validateReportForm({ ...empty, crontab: '0 9 * *', workingTimeout: null });
    expect(errors.fields).toEqual({
      name: 'Enter a name for the alert.',
      owners: 'Choose at least one owner.',
      database: 'Choose the database the alert queries.',
      sql: 'Enter the SQL query whose value the alert checks.',
      condition: 'Choose when the alert triggers.',
      content: 'Choose a dashboard.',
      crontab:
        'A CRON expression has five fields: minute, hour, day of month, month and day of week.',
      timezone: 'Choose a time zone.',
      workingTimeout: 'Enter the working timeout in whole seconds (at least 1).',
    });
    expect(Object.values(errors.recipients)).toEqual([
      { target: 'Enter at least one e-mail address.' },
    ]);
    expect([...sectionsWithErrors(errors)].sort()).toEqual([
      'advanced',
      'condition',
      'content',
      'general',
      'notification',
      'schedule',
    ]);
  });

  it('checks the threshold, format, width, grace period and recipients', () => {
    const errors = validateReportForm({
      ...validAlert(),
      threshold: '1O',
      format: 'CSV',
      customWidth: 100,
      gracePeriod: 0.5,
      recipients: [],
    });
    expect(errors.fields).toEqual({
      threshold: 'Enter a number to compare the value with.',
      format: 'A dashboard cannot be sent as CSV.',
      gracePeriod: 'Enter the grace period in whole seconds (at least 1).',
      recipients: 'Add at least one notification method.',
    });
    expect(
      validateReportForm({ ...validReport(), format: 'PNG', customWidth: 3000 }).fields,
    ).toEqual({ customWidth: 'The width must be between 600 and 2400 pixels.' });
  });

  it('reads thresholds', () => {
    expect(parseThreshold(' 10 ')).toBe(10);
    expect(parseThreshold('-2.5e3')).toBe(-2500);
    expect(parseThreshold('.5')).toBe(0.5);
    expect(parseThreshold('')).toBeNull();
    expect(parseThreshold('1,5')).toBeNull();
    expect(parseThreshold('Infinity')).toBeNull();
  });
});

describe('reportBody', () => {
  it('writes a dashboard report with its view, no alert fields', () => {
    const form: ReportForm = {
      ...validReport(),
      description: '  ',
      view: { activeTabs: ['TAB-1', 'TAB-gone'], dataMask: {} },
      customWidth: 1200,
      extraRest: { other: true },
    };
    expect(reportBody(form, { tabs: [{ value: 'TAB-1', label: 'One' }], filters: [] })).toEqual({
      type: 'Report',
      name: 'Daily sales',
      description: null,
      active: true,
      crontab: '0 9 * * *',
      timezone: 'Europe/Paris',
      creation_method: 'alerts_reports',
      owners: [1],
      chart: null,
      dashboard: 7,
      report_format: 'PNG',
      custom_width: 1200,
      force_screenshot: false,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'ada@example.com' } }],
      log_retention: 90,
      working_timeout: 3600,
      extra: { other: true, dashboard: { activeTabs: ['TAB-1'] } },
    });
  });

  it('writes an alert on a chart with its condition', () => {
    const body = reportBody({
      ...validAlert(),
      contentType: 'chart',
      chart: { value: 3, label: 'c' },
      format: 'CSV',
      customWidth: 1000,
      view: { activeTabs: ['x'] },
    });
    expect(body).toMatchObject({
      type: 'Alert',
      chart: 3,
      dashboard: null,
      report_format: 'CSV',
      custom_width: null,
      database: 2,
      sql: 'SELECT count(*) FROM errors',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 10 },
      grace_period: 3600,
      extra: {},
    });
    expect(reportBody({ ...validAlert(), condition: 'not null', threshold: '4' })).toMatchObject({
      validator_type: 'not null',
      validator_config_json: {},
    });
  });

  it('reads a stored report back into the same body', () => {
    const form = formFromShow(show);
    expect(form).toMatchObject({
      id: 5,
      contentType: 'chart',
      chart: { value: 3, label: 'Errors by day' },
      condition: '>=',
      threshold: '2.5',
      owners: [admin, { value: 4, label: '4' }],
      view: { activeTabs: ['TAB-1'] },
      extraRest: { keep: 1 },
      gracePeriod: 600,
    });
    expect(form.recipients.map((r) => [r.type, r.target, r.secret])).toEqual([
      ['Slack', 'alerts', ''],
      ['Webhook', 'https://h/', '********'],
    ]);
    expect(reportBody(form)).toMatchObject({
      crontab: '*/10 * * * *',
      active: false,
      validator_config_json: { op: '>=', threshold: 2.5 },
      recipients: [
        { type: 'Slack', recipient_config_json: { target: 'alerts' } },
        { type: 'Webhook', recipient_config_json: { target: 'https://h/', secret: '********' } },
      ],
      extra: { keep: 1 },
    });
    expect(formFromShow({ ...show, validator_type: 'not null' }).condition).toBe('not null');
  });
});

describe('serverErrors', () => {
  it('puts field messages on their fields and the rest in the general message', () => {
    expect(
      serverErrors({
        message: {
          crontab: ['Report schedule frequency exceeding limit.'],
          name: 'Name must be unique',
          chart: ['Choose a chart or a dashboard, not both'],
          dashboard: ['Choose a chart or a dashboard, not both'],
          email_subject: ['Too long'],
        },
      }),
    ).toEqual({
      fields: {
        crontab: 'Report schedule frequency exceeding limit.',
        name: 'Name must be unique',
        content: 'Choose a chart or a dashboard, not both',
      },
      recipients: {},
      general: 'email_subject: Too long',
    });
    expect(serverErrors({ message: 'Forbidden' })).toEqual({
      fields: {},
      recipients: {},
      general: 'Forbidden',
    });
    expect(serverErrors({ errors: [] })).toBeNull();
    expect(serverErrors({ message: {} })).toBeNull();
  });
});
