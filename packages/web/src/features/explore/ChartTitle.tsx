/**
 * Explore's chart title, edited in place as in Superset's header: a click (or the pencil) opens
 * the input, Enter or leaving it keeps the text, Escape cancels. Untitled, it shows Superset's
 * placeholder. The title lives in the page until the chart is saved (the save dialog starts
 * from it).
 */
import { Typography } from 'antd';
import { MESSAGES } from '@strata/core';

export interface ChartTitleProps {
  title: string | null;
  canEdit: boolean;
  onChange(title: string): void;
}

export function ChartTitle({ title, canEdit, onChange }: ChartTitleProps) {
  // The wrapper keeps the test id while antd swaps the title for its input.
  return (
    <div data-test="chart-title" style={{ minWidth: 0, flex: '0 1 auto' }}>
      <Typography.Title
        level={4}
        style={{ margin: 0 }}
        ellipsis={{ tooltip: title ?? undefined }}
        editable={
          canEdit
            ? {
                text: title ?? '',
                onChange,
                triggerType: ['text', 'icon'],
                tooltip: 'Click to edit',
                maxLength: 250,
                autoSize: { maxRows: 1 },
              }
            : false
        }
        aria-label="Chart title"
      >
        {title ?? (
          <Typography.Text type="secondary" style={{ fontSize: 'inherit', fontWeight: 'inherit' }}>
            {MESSAGES.chartTitlePlaceholder}
          </Typography.Text>
        )}
      </Typography.Title>
    </div>
  );
}
