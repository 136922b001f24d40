import { Tooltip } from 'antd';
import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  MinusCircleFilled,
  MinusOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { ReportState, ReportType } from '@strata/core';
import { stateDescription } from '../reportList';

const STYLE: Record<ReportState, { color: string; icon: typeof CheckCircleFilled }> = {
  Success: { color: '#2f9e44', icon: CheckCircleFilled },
  Working: { color: '#1f7a8c', icon: SyncOutlined },
  Error: { color: '#e03131', icon: CloseCircleFilled },
  'Not triggered': { color: '#868e96', icon: MinusCircleFilled },
  'On Grace': { color: '#f08c00', icon: ClockCircleFilled },
};

/** The last run's state as a coloured icon; its meaning in the tooltip and accessible name. */
export function StateIcon({ state, type }: { state: ReportState | null; type: ReportType }) {
  const text = stateDescription(state, type);
  if (!state) {
    return (
      <Tooltip title={text}>
        <MinusOutlined aria-label={text} style={{ color: '#adb5bd' }} />
      </Tooltip>
    );
  }
  const { color, icon: Icon } = STYLE[state];
  return (
    <Tooltip title={text}>
      <Icon
        aria-label={text}
        data-state={state}
        spin={state === 'Working'}
        style={{ color, fontSize: 16 }}
      />
    </Tooltip>
  );
}
