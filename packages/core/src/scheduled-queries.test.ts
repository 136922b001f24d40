import { describe, expect, it } from 'vitest';
import {
  dateTimeDefault,
  scheduleDefaults,
  scheduleErrors,
  scheduleFields,
  scheduleQueryBody,
  type ScheduledQueriesConf,
} from './scheduled-queries.js';
import { scheduledQueriesConfSchema } from './scheduled-queries-api.js';

/** Superset's documented example, with an enum, a boolean and an integer added. */
const CONF: ScheduledQueriesConf = {
  JSONSCHEMA: {
    title: 'Schedule',
    type: 'object',
    properties: {
      output_table: { type: 'string', title: 'Output table name' },
      start_date: {
        type: 'string',
        title: 'Start date',
        format: 'date-time',
        default: 'tomorrow at 9am',
      },
      end_date: {
        type: 'string',
        title: 'End date',
        format: 'date-time',
        default: '9am in 30 days',
      },
      schedule_interval: { type: 'string', title: 'Schedule interval' },
      dependencies: { type: 'array', title: 'Dependencies', items: { type: 'string' } },
      mode: { type: 'string', title: 'Mode', enum: ['append', 'replace'], default: 'append' },
      notify: { type: 'boolean', title: 'Notify' },
      retries: { type: 'integer', title: 'Retries', minimum: 0, maximum: 5, default: 1 },
    },
    required: ['output_table', 'start_date'],
  },
  UISCHEMA: {
    schedule_interval: { 'ui:placeholder': '@daily, @weekly, etc.' },
    dependencies: { 'ui:help': 'Check the documentation for the correct format.' },
  },
  VALIDATION: [
    {
      name: 'less_equal',
      arguments: ['start_date', 'end_date'],
      message: 'End date cannot be before start date',
      container: 'end_date',
    },
  ],
};

describe('scheduled queries', () => {
  it('accepts Superset-shaped configuration and refuses other shapes', () => {
    expect(scheduledQueriesConfSchema.safeParse(CONF).success).toBe(true);
    expect(
      scheduledQueriesConfSchema.safeParse({ JSONSCHEMA: { properties: { a: { type: 'x' } } } })
        .success,
    ).toBe(false);
    expect(scheduledQueriesConfSchema.safeParse({}).success).toBe(false);
  });

  it('lists the fields with their kinds and hints', () => {
    const fields = scheduleFields(CONF);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['output_table', 'text', true],
      ['start_date', 'datetime', true],
      ['end_date', 'datetime', false],
      ['schedule_interval', 'text', false],
      ['dependencies', 'tags', false],
      ['mode', 'enum', false],
      ['notify', 'boolean', false],
      ['retries', 'integer', false],
    ]);
    expect(fields[3]!.placeholder).toBe('@daily, @weekly, etc.');
    expect(fields[4]!.help).toMatch(/documentation/);
    expect(fields[7]).toMatchObject({ min: 0, max: 5, label: 'Retries' });
  });

  it('resolves the date defaults of Superset example from now', () => {
    const now = new Date(2026, 10, 28, 15, 30);
    expect(dateTimeDefault('tomorrow at 9am', now)).toBe(new Date(2026, 10, 29, 9).toISOString());
    expect(dateTimeDefault('9am in 30 days', now)).toBe(new Date(2026, 11, 28, 9).toISOString());
    expect(dateTimeDefault('tomorrow at 3pm', now)).toBe(new Date(2026, 10, 29, 15).toISOString());
    expect(dateTimeDefault('2027-01-02T03:04:05Z', now)).toBe('2027-01-02T03:04:05.000Z');
    expect(dateTimeDefault('next blue moon', now)).toBeNull();
    const d = scheduleDefaults(CONF, now);
    expect(d).toMatchObject({ mode: 'append', notify: false, retries: 1, dependencies: [] });
    expect(d.output_table).toBeNull();
  });

  it('reports missing required fields and broken rules', () => {
    const now = new Date(2026, 10, 28);
    const values = scheduleDefaults(CONF, now);
    expect(scheduleErrors(CONF, values)).toEqual({ output_table: 'Output table name is required' });
    const reversed = {
      ...values,
      output_table: 't',
      start_date: '2027-02-01T09:00:00Z',
      end_date: '2027-01-01T09:00:00Z',
    };
    expect(scheduleErrors(CONF, reversed)).toEqual({
      end_date: 'End date cannot be before start date',
    });
    expect(scheduleErrors(CONF, { ...reversed, end_date: '2027-02-01T09:00:00Z' })).toEqual({});
  });

  it('builds the saved query with the schedule in extra_json', () => {
    const body = scheduleQueryBody({
      label: ' Daily ',
      description: '',
      dbId: 3,
      schema: 'main',
      catalog: null,
      sql: 'SELECT 1',
      templateParams: null,
      values: { output_table: 'out', dependencies: [], notify: false, end_date: null },
    });
    expect(body).toMatchObject({ label: 'Daily', db_id: 3, schema: 'main', sql: 'SELECT 1' });
    expect(JSON.parse(body.extra_json)).toEqual({
      schedule_info: { output_table: 'out', notify: false },
    });
  });
});
