import { useMemo } from 'react';
import { Select } from 'antd';
import { knownTimezones, timezoneOptions } from '../timezones';

let cached: ReturnType<typeof timezoneOptions> | null = null;

/** Every IANA time zone the browser knows, with its offset, searchable. */
export function TimezoneSelect({
  id,
  value,
  onChange,
  status,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  status?: 'error';
}) {
  const options = useMemo(() => {
    cached ??= timezoneOptions(knownTimezones(), new Date());
    // A stored zone this browser does not know stays choosable.
    return value && !cached.some((o) => o.value === value)
      ? [{ value, label: value, offset: 0 }, ...cached]
      : cached;
  }, [value]);
  return (
    <Select<string>
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="Choose a time zone"
      status={status}
      value={value || undefined}
      options={options}
      onChange={onChange}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}
