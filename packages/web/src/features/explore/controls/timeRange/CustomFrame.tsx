/**
 * Custom (spec 001 §2): START (INCLUSIVE) and END (EXCLUSIVE), each Specific Date/Time (a
 * date-time picker in the user's locale), Relative Date/Time (quantity and period, Before for the
 * start, After for the end), Now or Midnight; "Anchor to" NOW or Date/Time when both are relative.
 */
import { Col, DatePicker, Flex, InputNumber, Radio, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DATETIME_FORMAT,
  MODE_OPTIONS,
  customRangeOf,
  editCustomRange,
  grainOptions,
  specificDateTimeText,
  type CustomEdit,
  type CustomRangeAnchorMode,
  type CustomRangeMode,
  type TimeUnit,
} from './model';
import { useDatePickerLocale } from './useDatePickerLocale';

function DateTimeInput({
  label,
  value,
  now,
  onChange,
}: {
  label: string;
  value: string;
  now: Date;
  onChange: (text: string) => void;
}) {
  const locale = useDatePickerLocale();
  return (
    <DatePicker
      size="small"
      showTime
      allowClear={false}
      aria-label={label}
      style={{ width: '100%' }}
      locale={locale}
      value={dayjs(specificDateTimeText(value, now), DATETIME_FORMAT)}
      onChange={(d: Dayjs | null) => {
        if (d) onChange(d.format(DATETIME_FORMAT));
      }}
    />
  );
}

function EndBlock({
  side,
  title,
  mode,
  datetime,
  grain,
  grainValue,
  now,
  edit,
}: {
  side: 'since' | 'until';
  title: string;
  mode: CustomRangeMode;
  datetime: string;
  grain: TimeUnit;
  grainValue: number;
  now: Date;
  edit: (e: CustomEdit) => void;
}) {
  const modeField = side === 'since' ? 'sinceMode' : 'untilMode';
  return (
    <Flex vertical gap={6} data-test={`custom-${side}`}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <Select
        size="small"
        aria-label={title}
        value={mode}
        options={MODE_OPTIONS.map((o) => ({ ...o }))}
        onChange={(v: CustomRangeMode) => edit({ field: modeField, value: v })}
      />
      {mode === 'specific' ? (
        <DateTimeInput
          label={`${title} date/time`}
          value={datetime}
          now={now}
          onChange={(text) =>
            edit({ field: side === 'since' ? 'sinceDatetime' : 'untilDatetime', value: text })
          }
        />
      ) : null}
      {mode === 'relative' ? (
        <Row gutter={8}>
          <Col span={10}>
            <InputNumber
              size="small"
              aria-label={`${title} relative quantity`}
              placeholder="Relative quantity"
              style={{ width: '100%' }}
              min={1}
              precision={0}
              value={side === 'since' ? Math.abs(grainValue) : grainValue}
              onChange={(v) =>
                edit({
                  field: side === 'since' ? 'sinceGrainValue' : 'untilGrainValue',
                  value: typeof v === 'number' ? v : 1,
                })
              }
            />
          </Col>
          <Col span={14}>
            <Select
              size="small"
              aria-label={`${title} relative period`}
              style={{ width: '100%' }}
              value={grain}
              options={grainOptions(side).map((o) => ({ ...o }))}
              onChange={(v: TimeUnit) =>
                edit({ field: side === 'since' ? 'sinceGrain' : 'untilGrain', value: v })
              }
            />
          </Col>
        </Row>
      ) : null}
    </Flex>
  );
}

export function CustomFrame({
  value,
  now,
  onChange,
}: {
  value: string;
  now: Date;
  onChange: (value: string) => void;
}) {
  const range = customRangeOf(value, now);
  const edit = (e: CustomEdit) => onChange(editCustomRange(value, e, now));
  const bothRelative = range.sinceMode === 'relative' && range.untilMode === 'relative';
  return (
    <div data-test="custom-frame">
      <Typography.Text strong>Configure custom time range</Typography.Text>
      <Row gutter={16} style={{ marginTop: 8 }}>
        <Col span={12}>
          <EndBlock
            side="since"
            title="START (INCLUSIVE)"
            mode={range.sinceMode}
            // A relative start counts from the end; a specific start shows its own date.
            datetime={range.sinceDatetime}
            grain={range.sinceGrain}
            grainValue={range.sinceGrainValue}
            now={now}
            edit={edit}
          />
        </Col>
        <Col span={12}>
          <EndBlock
            side="until"
            title="END (EXCLUSIVE)"
            mode={range.untilMode}
            datetime={range.untilDatetime}
            grain={range.untilGrain}
            grainValue={range.untilGrainValue}
            now={now}
            edit={edit}
          />
        </Col>
      </Row>
      {bothRelative ? (
        <Flex vertical gap={6} style={{ marginTop: 12 }} data-test="custom-anchor">
          <Typography.Text type="secondary">Anchor to</Typography.Text>
          <Flex gap={8} align="center" wrap>
            <Radio.Group
              value={range.anchorMode}
              onChange={(e) =>
                edit({ field: 'anchorMode', value: e.target.value as CustomRangeAnchorMode })
              }
            >
              <Radio value="now">NOW</Radio>
              <Radio value="specific">Date/Time</Radio>
            </Radio.Group>
            {range.anchorMode === 'specific' ? (
              <div style={{ flex: 1, minWidth: 180 }}>
                <DateTimeInput
                  label="Anchor date/time"
                  value={range.anchorValue}
                  now={now}
                  onChange={(text) => edit({ field: 'anchorValue', value: text })}
                />
              </div>
            ) : null}
          </Flex>
        </Flex>
      ) : null}
    </div>
  );
}
