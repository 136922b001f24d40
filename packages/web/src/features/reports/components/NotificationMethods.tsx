import type { ReactNode } from 'react';
import { Button, Card, Dropdown, Flex, Form, Input, Typography } from 'antd';
import {
  ApiOutlined,
  DeleteOutlined,
  MailOutlined,
  PlusOutlined,
  SlackOutlined,
} from '@ant-design/icons';
import type { RecipientType } from '@strata/core';
import { RECIPIENT_LABELS, newRecipientSetting, unusedRecipientTypes } from '../recipients';
import type { RecipientErrors, RecipientField, RecipientSetting } from '../recipients';

const ICONS: Record<RecipientType, ReactNode> = {
  Email: <MailOutlined />,
  Slack: <SlackOutlined />,
  Webhook: <ApiOutlined />,
};

interface FieldSpec {
  field: RecipientField;
  label: string;
  placeholder: string;
  required?: boolean;
  help?: string;
  secret?: boolean;
}

const FIELDS: Record<RecipientType, FieldSpec[]> = {
  Email: [
    {
      field: 'target',
      label: 'To',
      placeholder: 'ada@example.com, grace@example.com',
      required: true,
      help: 'Separate addresses with commas or semicolons.',
    },
    { field: 'ccTarget', label: 'CC', placeholder: 'Copy to' },
    { field: 'bccTarget', label: 'BCC', placeholder: 'Blind copy to' },
  ],
  Slack: [
    {
      field: 'target',
      label: 'Channels',
      placeholder: '#alerts, #sales',
      required: true,
      help: 'Channel names, separated by commas.',
    },
  ],
  Webhook: [
    {
      field: 'target',
      label: 'URL',
      placeholder: 'https://hooks.example.com/strata',
      required: true,
    },
    {
      field: 'secret',
      label: 'Secret',
      placeholder: 'Optional: signs each delivery (X-Strata-Signature)',
      secret: true,
    },
  ],
};

/** The notification methods: one block per method (e-mail, Slack, webhook), each removable. */
export function NotificationMethods({
  settings,
  errors,
  onChange,
  missingError,
}: {
  settings: RecipientSetting[];
  errors: Record<string, RecipientErrors>;
  onChange: (settings: RecipientSetting[]) => void;
  /** "Add at least one notification method." */
  missingError?: string;
}) {
  const unused = unusedRecipientTypes(settings);
  const update = (key: string, part: Partial<RecipientSetting>) =>
    onChange(settings.map((s) => (s.key === key ? { ...s, ...part } : s)));
  return (
    <Flex vertical gap={12}>
      {settings.map((setting) => (
        <Card
          key={setting.key}
          size="small"
          data-test={`notification-${setting.type}`}
          title={
            <Flex align="center" gap={8}>
              {ICONS[setting.type]}
              <span>{RECIPIENT_LABELS[setting.type]}</span>
            </Flex>
          }
          extra={
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={`Remove ${RECIPIENT_LABELS[setting.type]}`}
              onClick={() => onChange(settings.filter((s) => s.key !== setting.key))}
            />
          }
        >
          {FIELDS[setting.type].map((spec, i, all) => {
            const id = `${setting.key}-${spec.field}`;
            const error = errors[setting.key]?.[spec.field];
            const props = {
              id,
              value: setting[spec.field],
              placeholder: spec.placeholder,
              status: error ? ('error' as const) : undefined,
              onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                update(setting.key, { [spec.field]: e.target.value }),
            };
            return (
              <Form.Item
                key={spec.field}
                label={spec.label}
                htmlFor={id}
                required={spec.required}
                validateStatus={error ? 'error' : undefined}
                help={error}
                extra={error ? undefined : spec.help}
                style={{ marginBottom: i === all.length - 1 ? 0 : 12 }}
              >
                {spec.secret ? (
                  <Input.Password {...props} autoComplete="new-password" />
                ) : (
                  <Input {...props} />
                )}
              </Form.Item>
            );
          })}
        </Card>
      ))}
      {missingError ? <Typography.Text type="danger">{missingError}</Typography.Text> : null}
      {unused.length > 0 ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: unused.map((t) => ({ key: t, label: RECIPIENT_LABELS[t], icon: ICONS[t] })),
            onClick: ({ key }) =>
              onChange([...settings, newRecipientSetting(key as RecipientType)]),
          }}
        >
          <Button type="dashed" icon={<PlusOutlined />} style={{ alignSelf: 'flex-start' }}>
            Add notification method
          </Button>
        </Dropdown>
      ) : null}
    </Flex>
  );
}
