import { Space, Tooltip } from 'antd';
import { ApiOutlined, MailOutlined, SlackOutlined } from '@ant-design/icons';
import type { RecipientType } from '@strata/core';
import { RECIPIENT_LABELS } from '../recipients';
import { CSS_VAR } from '@strata/core';

const ICONS: Record<RecipientType, typeof MailOutlined> = {
  Email: MailOutlined,
  Slack: SlackOutlined,
  Webhook: ApiOutlined,
};

/** One icon per notification method of a report (each method once). */
export function RecipientIcons({ recipients }: { recipients: Array<{ type: RecipientType }> }) {
  const types = [...new Set(recipients.map((r) => r.type))];
  if (types.length === 0) return null;
  return (
    <Space size={8}>
      {types.map((type) => {
        const Icon = ICONS[type];
        return (
          <Tooltip key={type} title={RECIPIENT_LABELS[type]}>
            <Icon
              aria-label={RECIPIENT_LABELS[type]}
              style={{ fontSize: 16, color: CSS_VAR.text }}
            />
          </Tooltip>
        );
      })}
    </Space>
  );
}
