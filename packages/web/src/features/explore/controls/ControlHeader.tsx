import { Flex, Tooltip, Typography } from 'antd';
import { ExclamationCircleOutlined, InfoCircleOutlined } from '@ant-design/icons';

/** A control's label, its description as a tooltip, and its validation errors as a red icon. */
export function ControlHeader({
  label,
  description,
  errors,
  renderTrigger,
}: {
  label: string;
  description?: string | undefined;
  errors: string[];
  renderTrigger?: boolean;
}) {
  return (
    <Flex gap={6} align="center" style={{ marginBottom: 4 }}>
      <Typography.Text strong style={{ fontSize: 12 }} type={errors.length ? 'danger' : undefined}>
        {label}
      </Typography.Text>
      {description ? (
        <Tooltip title={description}>
          <InfoCircleOutlined
            style={{ color: '#999', fontSize: 12 }}
            aria-label={`${label} help`}
          />
        </Tooltip>
      ) : null}
      {renderTrigger ? null : null}
      {errors.length ? (
        <Tooltip title={errors.map((e) => `${label} ${e}`).join('. ')}>
          <ExclamationCircleOutlined
            style={{ color: '#E04355', fontSize: 12 }}
            aria-label="Validation errors"
          />
        </Tooltip>
      ) : null}
    </Flex>
  );
}
