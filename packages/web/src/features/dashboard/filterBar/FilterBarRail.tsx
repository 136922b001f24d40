/**
 * The vertical filter bar's frame and its folded form, a 32 px rail with the expand button.
 * Light on purpose (no filter code): the page draws it, at its final width, before the bar's code
 * has loaded, and a dashboard without filters draws only the rail until the viewer opens it.
 */
import type { ReactNode } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import { FilterOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { BORDER, FILTER_BAR_RAIL_WIDTH, FILTER_BAR_WIDTH, TEXTS } from './texts';
import { CSS_VAR } from '@strata/core';

/** The rail's buttons (inside the bar's own frame when the bar is loaded). */
export function FilterBarRailContent({ onExpand }: { onExpand: () => void }) {
  return (
    <Flex vertical align="center" gap={12} style={{ paddingTop: 8 }}>
      <Tooltip title={TEXTS.expand} placement="right">
        <Button
          type="text"
          size="small"
          aria-label={TEXTS.expand}
          icon={<VerticalAlignTopOutlined style={{ transform: 'rotate(90deg)' }} />}
          onClick={onExpand}
          data-test="filter-bar__expand-button"
        />
      </Tooltip>
      <FilterOutlined style={{ color: CSS_VAR.textTertiary }} aria-hidden />
    </Flex>
  );
}

/**
 * The vertical bar's frame: the rail when collapsed, then `children` (the bar's content, kept
 * mounted while collapsed so its controls keep their choices; none while the code loads).
 */
export function FilterBarFrame({
  collapsed,
  onExpand,
  children,
}: {
  collapsed: boolean;
  onExpand: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      data-test="filter-bar"
      data-orientation="VERTICAL"
      data-collapsed={collapsed}
      style={{
        width: collapsed ? FILTER_BAR_RAIL_WIDTH : FILTER_BAR_WIDTH,
        flex: 'none',
        height: '100%',
        borderRight: BORDER,
        background: CSS_VAR.surface,
        boxSizing: 'border-box',
      }}
    >
      {collapsed ? <FilterBarRailContent onExpand={onExpand} /> : null}
      {children}
    </div>
  );
}
