/**
 * Filters: labels of the chosen adhoc filters (click to edit, × to remove, a warning icon on
 * filters inherited from a dashboard) and "+ Add filter"; the popover has the Simple tab
 * (subject, operator, comparator with the spec's rules) and the Custom SQL tab (WHERE/HAVING).
 */
import { useEffect, useState } from 'react';
import { Button, Flex, Input, Radio, Select, Tabs, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { MESSAGES, type AdhocFilter, type FilterOperator } from '@strata/core';
import type { DatasourceColumn } from '@strata/charts';
import {
  comparatorForOperator,
  hasComparator,
  isTemporal,
  operatorForSubject,
  operatorsFor,
} from './filterRules';
import { arrayMove } from '@dnd-kit/sortable';
import { onFilterDrop } from '../filterDrop';
import { PopoverItemList, type OpenRequest } from './PopoverItemList';
import type { ControlProps } from './types';

/** A filter's label: "region IN (CA, NY)", "num > 10", the SQL, … */
export function filterLabel(f: AdhocFilter): string {
  if (f.expressionType === 'SQL') return f.sqlExpression ?? '';
  const c = f.comparator;
  const value = Array.isArray(c)
    ? `(${c.join(', ')})`
    : c === null || c === undefined
      ? ''
      : String(c);
  return [f.subject, f.operator, value].filter((x) => x !== '' && x != null).join(' ');
}

function isValid(f: AdhocFilter): boolean {
  if (f.expressionType === 'SQL') return !!f.sqlExpression?.trim();
  if (!f.subject || !f.operator) return false;
  if (!hasComparator(f.operator as FilterOperator)) return true;
  const c = f.comparator;
  return Array.isArray(c) ? c.length > 0 : c !== null && c !== undefined && c !== '';
}

function FilterEditor({
  initial,
  seed,
  columns,
  onSave,
  onClose,
}: {
  initial: AdhocFilter | null;
  /** A new filter's starting point (a column dropped on the control). */
  seed?: AdhocFilter | null;
  columns: DatasourceColumn[];
  onSave: (f: AdhocFilter) => void;
  onClose: () => void;
}) {
  const [f, setF] = useState<AdhocFilter>(
    initial ??
      seed ?? {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: null,
        operator: null,
        comparator: null,
      },
  );
  const column = columns.find((c) => c.column_name === f.subject);
  const operator = (f.operator ?? null) as FilterOperator | null;
  const ops = isTemporal(column)
    ? (['TEMPORAL_RANGE'] as FilterOperator[])
    : operatorsFor(column, 'WHERE');
  const changed = JSON.stringify(f) !== JSON.stringify(initial);
  return (
    <div
      style={{ minWidth: 320, minHeight: 240, display: 'flex', flexDirection: 'column' }}
      data-test="filter-editor"
    >
      <Tabs
        size="small"
        activeKey={f.expressionType}
        onChange={(k) =>
          setF(
            k === 'SQL'
              ? {
                  expressionType: 'SQL',
                  clause: f.clause ?? 'WHERE',
                  sqlExpression: f.expressionType === 'SQL' ? f.sqlExpression : '',
                }
              : {
                  expressionType: 'SIMPLE',
                  clause: 'WHERE',
                  subject: null,
                  operator: null,
                  comparator: null,
                },
          )
        }
        items={[
          {
            key: 'SIMPLE',
            label: 'Simple',
            children: columns.length ? (
              <Flex vertical gap={8}>
                <Select
                  size="small"
                  aria-label="Filter column"
                  showSearch
                  placeholder="Select column"
                  value={typeof f.subject === 'string' ? f.subject : null}
                  options={columns.map((c) => ({
                    value: c.column_name,
                    label: c.verbose_name || c.column_name,
                  }))}
                  onChange={(subject: string) => {
                    const col = columns.find((c) => c.column_name === subject);
                    const op = operatorForSubject(col, operator);
                    setF({
                      ...f,
                      subject,
                      clause: 'WHERE',
                      operator: op,
                      comparator: comparatorForOperator(op, f.comparator),
                    } as AdhocFilter);
                  }}
                />
                <Select
                  size="small"
                  aria-label="Operator"
                  placeholder="Select operator"
                  value={operator}
                  options={ops.map((o) => ({ value: o, label: o }))}
                  onChange={(op: FilterOperator) =>
                    setF({
                      ...f,
                      operator: op,
                      comparator: comparatorForOperator(op, f.comparator),
                    } as AdhocFilter)
                  }
                />
                {operator && hasComparator(operator) ? (
                  operator === 'IN' || operator === 'NOT IN' ? (
                    <Select
                      size="small"
                      mode="tags"
                      aria-label="Filter values"
                      placeholder="Filter value (case sensitive)"
                      value={(Array.isArray(f.comparator) ? f.comparator : []) as string[]}
                      onChange={(v: string[]) => setF({ ...f, comparator: v } as AdhocFilter)}
                    />
                  ) : (
                    <Input
                      size="small"
                      aria-label="Filter value"
                      placeholder={
                        operator === 'TEMPORAL_RANGE'
                          ? 'Last week'
                          : 'Filter value (case sensitive)'
                      }
                      value={f.comparator == null ? '' : String(f.comparator)}
                      onChange={(e) => setF({ ...f, comparator: e.target.value } as AdhocFilter)}
                    />
                  )
                ) : null}
              </Flex>
            ) : (
              <span>No such column found. To filter on a metric, try the Custom SQL tab.</span>
            ),
          },
          {
            key: 'SQL',
            label: 'Custom SQL',
            children: (
              <Flex vertical gap={8}>
                <Radio.Group
                  size="small"
                  optionType="button"
                  value={f.clause ?? 'WHERE'}
                  options={['WHERE', 'HAVING']}
                  onChange={(e) => setF({ ...f, clause: e.target.value as 'WHERE' | 'HAVING' })}
                />
                <Input.TextArea
                  aria-label="Custom SQL filter"
                  autoSize={{ minRows: 3, maxRows: 8 }}
                  style={{ fontFamily: 'monospace' }}
                  placeholder={
                    f.clause === 'HAVING' ? 'To filter on a metric, use Custom SQL tab.' : undefined
                  }
                  value={f.expressionType === 'SQL' ? (f.sqlExpression ?? '') : ''}
                  onChange={(e) => setF({ ...f, sqlExpression: e.target.value })}
                />
              </Flex>
            ),
          },
        ]}
      />
      <Flex justify="end" gap={8} style={{ marginTop: 'auto' }}>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!isValid(f) || !changed}
          onClick={() => {
            onSave(f);
            onClose();
          }}
        >
          Save
        </Button>
      </Flex>
    </div>
  );
}

export function AdhocFilterControl({ control, onChange }: ControlProps) {
  const filters = (Array.isArray(control.value) ? control.value : []) as AdhocFilter[];
  const columns = ((control.props.columns as DatasourceColumn[] | undefined) ?? []).filter(
    (c) => c.filterable !== false,
  );
  const [seed, setSeed] = useState<AdhocFilter | null>(null);
  const [openRequest, setOpenRequest] = useState<OpenRequest | null>(null);
  useEffect(
    () =>
      onFilterDrop((name, column) => {
        if (name !== control.name) return;
        setSeed({
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: column.column_name,
          operator: operatorForSubject(column, null),
          comparator: isTemporal(column) ? 'No filter' : null,
        });
        setOpenRequest({ index: 'new', nonce: Date.now() });
      }),
    [control.name],
  );
  const reorder = (from: number, to: number) => onChange(arrayMove(filters, from, to));
  return (
    <PopoverItemList
      items={filters}
      sortable={control.name}
      onReorder={reorder}
      openRequest={openRequest}
      onEditorClosed={() => setSeed(null)}
      label={(f) => (
        <>
          {f.isExtra ? (
            <Tooltip title={MESSAGES.inheritedFilter}>
              <WarningOutlined style={{ color: '#FCC700', marginRight: 4 }} />
            </Tooltip>
          ) : null}
          {filterLabel(f)}
        </>
      )}
      onRemove={(i) => onChange(filters.filter((_, j) => j !== i))}
      addLabel="Add filter"
      editor={(index, close) => (
        <FilterEditor
          initial={index === 'new' ? null : (filters[index] ?? null)}
          seed={index === 'new' ? seed : null}
          columns={columns}
          onClose={close}
          onSave={(f) =>
            onChange(
              index === 'new' ? [...filters, f] : filters.map((x, i) => (i === index ? f : x)),
            )
          }
        />
      )}
    />
  );
}
