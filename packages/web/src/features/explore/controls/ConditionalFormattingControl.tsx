/** Conditional formatting: a list of rules, each edited in a popover with the spec's checks. */
import { useState } from 'react';
import { Button, Flex, Form, InputNumber, Select } from 'antd';
import {
  CF_COLORS,
  CF_OPERATORS,
  isBetween,
  validateRule,
  type CfOperator,
  type ConditionalFormattingRule,
} from '@strata/charts';
import { PopoverItemList } from './PopoverItemList';
import type { ControlProps } from './types';
import { CSS_VAR } from '@strata/core';

function RuleEditor({
  initial,
  columns,
  onSave,
  onClose,
}: {
  initial: ConditionalFormattingRule;
  columns: Array<{ value: string; label: string }>;
  onSave: (r: ConditionalFormattingRule) => void;
  onClose: () => void;
}) {
  const [rule, setRule] = useState<ConditionalFormattingRule>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const errors = validateRule(rule);
  const shown = (field: string) => (touched[field] ? errors[field] : undefined);
  const status = (field: string) => (shown(field) ? ('error' as const) : undefined);
  const number = (
    field: 'targetValue' | 'targetValueLeft' | 'targetValueRight',
    placeholder: string,
  ) => (
    <Form.Item
      validateStatus={status(field)}
      help={shown(field)}
      style={{ flex: 1, marginBottom: 8 }}
    >
      <InputNumber
        size="small"
        style={{ width: '100%' }}
        placeholder={placeholder}
        aria-label={placeholder}
        value={rule[field] ?? null}
        onChange={(v) => setRule({ ...rule, [field]: v ?? null })}
        onBlur={() => setTouched({ ...touched, [field]: true })}
      />
    </Form.Item>
  );
  return (
    <Form layout="vertical" style={{ width: 300 }} data-test="conditional-formatting-editor">
      <Form.Item
        label="Column"
        validateStatus={status('column')}
        help={shown('column')}
        style={{ marginBottom: 8 }}
      >
        <Select
          size="small"
          value={rule.column}
          options={columns}
          onChange={(v: string) => setRule({ ...rule, column: v })}
          onBlur={() => setTouched({ ...touched, column: true })}
        />
      </Form.Item>
      <Form.Item
        label="Color scheme"
        validateStatus={status('colorScheme')}
        help={shown('colorScheme')}
        style={{ marginBottom: 8 }}
      >
        <Select
          size="small"
          value={rule.colorScheme}
          options={CF_COLORS.map(([c, label]) => ({
            value: c,
            label: (
              <Flex gap={6} align="center">
                <span style={{ width: 12, height: 12, background: c, display: 'inline-block' }} />
                {label}
              </Flex>
            ),
          }))}
          onChange={(v: string) => setRule({ ...rule, colorScheme: v })}
        />
      </Form.Item>
      <Flex gap={8}>
        <Form.Item label="Operator" style={{ width: 110, marginBottom: 8 }}>
          <Select
            size="small"
            value={rule.operator}
            options={CF_OPERATORS.map((o) => ({ value: o, label: o }))}
            onChange={(v: CfOperator) => setRule({ ...rule, operator: v })}
          />
        </Form.Item>
        {rule.operator && rule.operator !== 'None' ? (
          isBetween(rule.operator) ? (
            <Flex gap={4} style={{ flex: 1, paddingTop: 30 }}>
              {number('targetValueLeft', 'Left value')}
              {number('targetValueRight', 'Right value')}
            </Flex>
          ) : (
            <div style={{ flex: 1, paddingTop: 30 }}>{number('targetValue', 'Target value')}</div>
          )
        ) : null}
      </Flex>
      <Flex justify="end" gap={8}>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={Object.keys(errors).length > 0}
          onClick={() => {
            onSave(rule);
            onClose();
          }}
        >
          Apply
        </Button>
      </Flex>
    </Form>
  );
}

export function ConditionalFormattingControl({ control, onChange }: ControlProps) {
  const rules = (Array.isArray(control.value) ? control.value : []) as ConditionalFormattingRule[];
  const columns =
    (control.props.columnOptions as Array<{ value: string; label: string }> | undefined) ?? [];
  return (
    <PopoverItemList
      items={rules}
      label={(r) =>
        `${r.column ?? ''} ${r.operator ?? ''} ${isBetween(r.operator) ? `${r.targetValueLeft ?? ''}…${r.targetValueRight ?? ''}` : (r.targetValue ?? '')}`
      }
      tagColor={(r) => r.colorScheme}
      tagStyle={() => ({ color: CSS_VAR.text })}
      onRemove={(i) => onChange(rules.filter((_, j) => j !== i))}
      addLabel="Add new color formatter"
      editor={(index, close) => (
        <RuleEditor
          initial={index === 'new' ? { operator: '>' } : (rules[index] ?? {})}
          columns={columns}
          onClose={close}
          onSave={(r) =>
            onChange(index === 'new' ? [...rules, r] : rules.map((x, j) => (j === index ? r : x)))
          }
        />
      )}
    />
  );
}
