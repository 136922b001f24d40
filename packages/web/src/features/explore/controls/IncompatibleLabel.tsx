/**
 * The label of a control's item that the dataset does not have (datasetCompat.ts): a warning
 * icon and the spec's "This … might be incompatible with current dataset" as its tooltip.
 */
import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { INCOMPATIBLE_MESSAGES, type DatasetItemKind } from '../datasetCompat';

/** The chip colour of an item the dataset lacks (antd's warning tag). */
export const INCOMPATIBLE_TAG_COLOR = 'warning';

export function IncompatibleLabel({
  kind,
  children,
}: {
  kind: DatasetItemKind;
  children: ReactNode;
}) {
  return (
    <Tooltip title={INCOMPATIBLE_MESSAGES[kind]}>
      <span data-test="incompatible-item" data-kind={kind}>
        <WarningOutlined style={{ marginRight: 4 }} aria-label={INCOMPATIBLE_MESSAGES[kind]} />
        {children}
      </span>
    </Tooltip>
  );
}
