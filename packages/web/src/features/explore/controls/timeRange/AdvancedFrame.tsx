/** Advanced: two free-text ends with the functions' help (spec 001 §2). */
import { Flex, Input, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { DateFunctionTooltip } from './DateFunctionTooltip';
import { advancedEnds, withAdvancedEnd } from './model';

export function AdvancedFrame({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { since, until } = advancedEnds(value);
  return (
    <Flex vertical gap={8} data-test="advanced-frame">
      <Typography.Text strong>
        Configure Advanced Time Range{' '}
        <DateFunctionTooltip>
          <InfoCircleOutlined aria-label="Date functions" style={{ color: '#8c8c8c' }} />
        </DateFunctionTooltip>
      </Typography.Text>
      <div>
        <Typography.Text type="secondary">START (INCLUSIVE)</Typography.Text>
        <Input
          size="small"
          aria-label="START (INCLUSIVE)"
          value={since}
          onChange={(e) => onChange(withAdvancedEnd(value, 'since', e.target.value))}
        />
      </div>
      <div>
        <Typography.Text type="secondary">END (EXCLUSIVE)</Typography.Text>
        <Input
          size="small"
          aria-label="END (EXCLUSIVE)"
          value={until}
          onChange={(e) => onChange(withAdvancedEnd(value, 'until', e.target.value))}
        />
      </div>
    </Flex>
  );
}
