/** Advanced's help (spec 001 §2): the functions a start or an end may use, in a tooltip. */
import type { ReactNode } from 'react';
import { Tooltip, Typography } from 'antd';

const FUNCTIONS: ReadonlyArray<[string, string, string]> = [
  [
    'DATETIME(text)',
    'A date-time from an ISO 8601 text or a human one: "2020-01-01T12:00:00", "now", "today", "7 days ago", "last monday".',
    'DATETIME("2020-03-01 12:30:00")',
  ],
  [
    'DATEADD(datetime, amount, unit)',
    'Moves a date-time by a whole number of units: year, quarter, month, week, day, hour, minute or second (negative goes back).',
    'DATEADD(DATETIME("today"), -7, day)',
  ],
  [
    'DATETRUNC(datetime, unit)',
    'The start of the unit the date-time falls in: year, quarter, month, week, day, hour, minute or second.',
    'DATETRUNC(DATETIME("today"), month)',
  ],
  [
    'LASTDAY(datetime, unit)',
    'The last day of the year, quarter, month, week (weeks end on Sunday) or day the date-time falls in.',
    'LASTDAY(DATETIME("today"), month)',
  ],
  [
    'HOLIDAY(name[, datetime[, country]])',
    'The date of a public holiday in the year of the date-time (today by default), in a country (US by default).',
    'HOLIDAY("Christmas", DATETIME("2020"), "GB")',
  ],
];

export function DateFunctionTooltipContent() {
  return (
    <div style={{ maxWidth: 420 }} data-test="date-function-help">
      <div style={{ marginBottom: 6 }}>
        Each end is a date-time expression; the start is included, the end excluded. An empty end
        leaves that side open.
      </div>
      {FUNCTIONS.map(([name, text, example]) => (
        <div key={name} style={{ marginBottom: 6 }}>
          <Typography.Text strong style={{ color: 'inherit' }}>
            {name}
          </Typography.Text>
          <div>{text}</div>
          <code style={{ color: 'inherit' }}>{example}</code>
        </div>
      ))}
    </div>
  );
}

export function DateFunctionTooltip({ children }: { children: ReactNode }) {
  return (
    <Tooltip
      title={<DateFunctionTooltipContent />}
      placement="rightBottom"
      styles={{ root: { maxWidth: 460 } }}
    >
      {children}
    </Tooltip>
  );
}
