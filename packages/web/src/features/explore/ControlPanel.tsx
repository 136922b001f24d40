/** The control panel: Data and Customize tabs, each the plugin's sections as collapsible panels. */
import { useMemo } from 'react';
import { Collapse, Tabs } from 'antd';
import {
  controlPanelState,
  resolveSection,
  sectionTab,
  type ChartPlugin,
  type ControlPanelState,
  type ExploreDatasource,
} from '@strata/charts';
import type { QueryFormData } from '@strata/core';
import { Control } from './controls/Control';

export function ControlPanel({
  plugin,
  formData,
  datasource,
  onChange,
}: {
  plugin: ChartPlugin;
  formData: QueryFormData;
  datasource: ExploreDatasource | null;
  onChange: (name: string, value: unknown) => void;
}) {
  const panel = plugin.controlPanel;
  const { controls } = useMemo(
    () => controlPanelState(panel, formData, datasource),
    [panel, formData, datasource],
  );
  const state: ControlPanelState = {
    form_data: formData,
    datasource,
    controls: Object.fromEntries(Object.entries(controls).map(([k, c]) => [k, { value: c.value }])),
  };
  const sections = panel.controlPanelSections.filter((s) => !s.visibility || s.visibility(state));
  const render = (tab: 'data' | 'customize') => {
    const mine = sections.filter((s) => sectionTab(s, panel) === tab);
    return (
      <Collapse
        key={`${plugin.vizType}-${tab}`}
        size="small"
        bordered={false}
        defaultActiveKey={mine.map((s, i) => (s.expanded === false ? '' : String(i)))}
        items={mine.map((s, i) => ({
          key: String(i),
          label: s.label,
          children: resolveSection(s, panel).map((row, r) => (
            <div key={r} style={{ display: 'flex', gap: 8 }}>
              {row.map(({ name }) =>
                controls[name] ? (
                  <div key={name} style={{ flex: 1, minWidth: 0 }}>
                    <Control
                      control={controls[name]}
                      datasource={datasource}
                      onChange={(value) => onChange(name, value)}
                    />
                  </div>
                ) : null,
              )}
            </div>
          )),
        }))}
      />
    );
  };
  const hasCustomize = sections.some((s) => sectionTab(s, panel) === 'customize');
  return (
    <Tabs
      size="small"
      style={{ padding: '0 8px' }}
      items={[
        { key: 'data', label: 'Data', children: render('data') },
        ...(hasCustomize
          ? [{ key: 'customize', label: 'Customize', children: render('customize') }]
          : []),
      ]}
    />
  );
}
