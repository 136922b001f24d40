/**
 * The filter bar's settings menu for editors (Superset's gear): cross-filtering on or off and the
 * bar's orientation, both kept in the dashboard's json_metadata by the page.
 */
import { Button, Dropdown, type MenuProps } from 'antd';
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';

export type FilterBarOrientation = 'VERTICAL' | 'HORIZONTAL';

export interface FilterBarSettingsChange {
  cross_filters_enabled?: boolean;
  filter_bar_orientation?: FilterBarOrientation;
}

/** Superset's texts for these settings. */
export const SETTINGS_TEXTS = {
  settings: 'Settings',
  crossFiltering: 'Enable cross-filtering',
  crossFilteringScoping: 'Cross-filtering scoping',
  orientation: 'Orientation of filter bar',
  vertical: 'Vertical (Left)',
  horizontal: 'Horizontal (Top)',
} as const;

const checked = (on: boolean) => (
  <CheckOutlined style={{ visibility: on ? 'visible' : 'hidden' }} aria-hidden />
);

export function FilterBarSettings(props: {
  crossFiltersEnabled: boolean;
  /** The DASHBOARD_CROSS_FILTERS flag: off, cross-filtering is not offered. */
  crossFiltersAvailable?: boolean;
  orientation: FilterBarOrientation;
  onChange: (change: FilterBarSettingsChange) => void;
  /** Opens "Cross-filtering scoping" (the global scope); without it the entry is not shown. */
  onOpenScoping?: () => void;
}) {
  const { crossFiltersEnabled, crossFiltersAvailable = true, orientation, onChange } = props;
  const { onOpenScoping } = props;
  const items: MenuProps['items'] = [
    ...(crossFiltersAvailable
      ? [
          {
            key: 'cross',
            icon: checked(crossFiltersEnabled),
            label: SETTINGS_TEXTS.crossFiltering,
            role: 'menuitemcheckbox',
            'aria-checked': crossFiltersEnabled,
          } as NonNullable<MenuProps['items']>[number],
          ...(onOpenScoping
            ? [{ key: 'crossScoping', label: SETTINGS_TEXTS.crossFilteringScoping }]
            : []),
          { type: 'divider' as const },
        ]
      : []),
    {
      key: 'orientation',
      label: SETTINGS_TEXTS.orientation,
      children: [
        {
          key: 'VERTICAL',
          icon: checked(orientation === 'VERTICAL'),
          label: SETTINGS_TEXTS.vertical,
        },
        {
          key: 'HORIZONTAL',
          icon: checked(orientation === 'HORIZONTAL'),
          label: SETTINGS_TEXTS.horizontal,
        },
      ],
    },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'cross') onChange({ cross_filters_enabled: !crossFiltersEnabled });
          else if (key === 'crossScoping') onOpenScoping?.();
          else if ((key === 'VERTICAL' || key === 'HORIZONTAL') && key !== orientation)
            onChange({ filter_bar_orientation: key });
        },
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<SettingOutlined />}
        aria-label={SETTINGS_TEXTS.settings}
        data-test="filterbar-orientation-icon"
      />
    </Dropdown>
  );
}
