import type { ReactNode } from 'react';
import { Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, MinusOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { personName } from '../../components/people';
import type { Person } from '../../components/people';

/** A list title linking to its item's page (a full page load: those pages come later). */
export function TitleLink({ href, children }: { href?: string | null; children: ReactNode }) {
  if (!href) return <Typography.Text strong>{children}</Typography.Text>;
  return (
    <Typography.Link href={href} strong>
      {children}
    </Typography.Link>
  );
}

/** The certified mark beside a title. */
export function CertifiedMark({ by, details }: { by?: string | null; details?: string | null }) {
  if (!by) return null;
  const text = [`Certified by ${by}`, details].filter(Boolean).join(' — ');
  return (
    <Tooltip title={text}>
      <SafetyCertificateFilled aria-label={text} style={{ color: '#1f7a8c', marginRight: 6 }} />
    </Tooltip>
  );
}

/** "First Last" of a user, or a dash. */
export function PersonText({ person }: { person?: Person | null }) {
  const name = personName(person);
  return name ? <span>{name}</span> : <Typography.Text type="secondary">–</Typography.Text>;
}

/** Secondary text, or a dash when empty. */
export function MutedText({ children }: { children?: ReactNode }) {
  if (children === null || children === undefined || children === '') {
    return <Typography.Text type="secondary">–</Typography.Text>;
  }
  return <Typography.Text>{children}</Typography.Text>;
}

/** A yes/no flag as a check or a dash. */
export function BooleanMark({ value }: { value?: boolean | null }) {
  return value ? (
    <CheckOutlined aria-label="Yes" style={{ color: '#2f9e44' }} />
  ) : (
    <MinusOutlined aria-label="No" style={{ color: '#adb5bd' }} />
  );
}

/** A short, single-line view of SQL with the whole text on hover. */
export function SqlPreview({ sql }: { sql?: string | null }) {
  if (!sql) return <Typography.Text type="secondary">–</Typography.Text>;
  const oneLine = sql.replace(/\s+/g, ' ').trim();
  return (
    <Tooltip
      title={
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto' }}>
          {sql}
        </pre>
      }
      styles={{ root: { maxWidth: 560 } }}
    >
      <Typography.Text
        code
        style={{
          display: 'inline-block',
          maxWidth: 320,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'middle',
        }}
      >
        {oneLine}
      </Typography.Text>
    </Tooltip>
  );
}

/** A small tag. */
export function Label({ color, children }: { color?: string; children: ReactNode }) {
  return (
    <Tag color={color} style={{ marginInlineEnd: 4 }}>
      {children}
    </Tag>
  );
}
