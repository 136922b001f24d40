import type { CSSProperties, ReactNode } from 'react';
import { Button, Checkbox, Form, Input, Tooltip, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { MONOSPACE } from './SettingsTab';
import {
  SqlExpressionEditor,
  type SqlExpressionEditorProps,
} from '../../components/SqlExpressionEditor';

/** What a SQL expression cell completes: the dataset's columns, metrics and database. */
export type SqlContext = Pick<SqlExpressionEditorProps, 'columns' | 'metrics' | 'database'>;

/** A text cell of an editable table; an error turns it red and shows below. */
export function TextCell({
  label,
  value,
  onChange,
  error,
  placeholder,
  code = false,
  multiline = false,
  style,
}: {
  /** The accessible name, e.g. "Metric name of count". */
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  code?: boolean;
  multiline?: boolean;
  style?: CSSProperties;
}) {
  const common = {
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    status: error ? ('error' as const) : undefined,
    value,
    placeholder,
    spellCheck: code ? false : undefined,
    style: { ...(code ? MONOSPACE : {}), ...style },
  };
  return (
    <>
      {multiline ? (
        <Input.TextArea
          {...common}
          autoSize={{ minRows: 1, maxRows: 6 }}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Input {...common} onChange={(e) => onChange(e.target.value)} />
      )}
      {error ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      ) : null}
    </>
  );
}

/** A SQL expression cell: the SQL editor, small and resizable; an error shows below. */
export function SqlCell({
  label,
  value,
  onChange,
  error,
  placeholder,
  sql,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  sql: SqlContext;
}) {
  return (
    <>
      <SqlExpressionEditor
        ariaLabel={label}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        height={64}
        invalid={!!error}
        {...sql}
      />
      {error ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      ) : null}
    </>
  );
}

/** A checkbox cell. */
export function CheckCell({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox aria-label={label} checked={checked} onChange={(e) => onChange(e.target.checked)} />
  );
}

/** The delete button of a row. */
export function DeleteRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title="Delete">
      <Button
        type="text"
        size="small"
        aria-label={label}
        icon={<DeleteOutlined />}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** A labelled field inside an expanded row. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Form.Item label={label} style={{ marginBottom: 12 }}>
      {children}
    </Form.Item>
  );
}
