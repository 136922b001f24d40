/**
 * The simple controls: select, checkbox, text, text area or code (with "Edit in modal"),
 * slider, radio, colours, bounds.
 */
import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  ColorPicker,
  Flex,
  Input,
  InputNumber,
  Modal,
  Radio,
  Slider,
  Tooltip,
} from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { CONTROL_DEBOUNCE_MS, MESSAGES } from '@strata/core';
import { Select } from '../../../components/Select';
import { CodeEditor, codeLanguageOf, editInModalLabel } from '../../../components/CodeEditor';
import {
  categoricalScheme,
  CATEGORICAL_SCHEMES,
  SEQUENTIAL_SCHEMES,
  validateNumber,
} from '@strata/charts';
import { freeFormValue, optionsOf } from './choices';
import type { ControlProps } from './types';
import { useDebouncedChange } from './useDebouncedChange';

export function SelectControl({ control, onChange }: ControlProps) {
  const p = control.props;
  const options = optionsOf(p.choices);
  const multi = p.multi === true;
  const freeForm = p.freeForm === true;
  const numeric = options.length > 0 && options.every((o) => typeof o.value === 'number');
  const [search, setSearch] = useState('');
  const value = control.value as string | number | Array<string | number> | null | undefined;
  const withFree =
    freeForm && search && !options.some((o) => String(o.value) === search)
      ? [...options, { value: freeFormValue(search, numeric), label: search }]
      : options;
  const current = multi ? (Array.isArray(value) ? value : value == null ? [] : [value]) : value;
  const extra = (Array.isArray(current) ? current : current == null ? [] : [current])
    .filter((v) => !withFree.some((o) => o.value === v))
    .map((v) => ({ value: v, label: String(v) }));
  return (
    <Select
      style={{ width: '100%' }}
      size="small"
      aria-label={control.label}
      mode={multi ? (freeForm ? 'tags' : 'multiple') : undefined}
      allowClear={p.clearable !== false && !multi}
      showSearch={{
        onSearch: setSearch,
        filterOption: (input, option) =>
          String(option?.label ?? '')
            .toLowerCase()
            .includes(input.toLowerCase()),
      }}
      value={current ?? null}
      options={[...withFree, ...extra]}
      onChange={(v) => {
        setSearch('');
        onChange(v === undefined ? null : v);
      }}
      virtual={options.length > 100}
      listHeight={220}
    />
  );
}

export function CheckboxControl({ control, onChange }: ControlProps) {
  return (
    <Checkbox checked={control.value === true} onChange={(e) => onChange(e.target.checked)}>
      {control.label}
    </Checkbox>
  );
}

/** Text input; with isInt/isFloat the text is kept while typing and the parsed number sent. */
export function TextControl({ control, onChange: commit }: ControlProps) {
  const p = control.props;
  const { change: onChange, flush } = useDebouncedChange(commit, CONTROL_DEBOUNCE_MS.default);
  const [text, setText] = useState(control.value == null ? '' : String(control.value));
  useEffect(() => {
    setText((t) => {
      const parsed = p.isInt || p.isFloat ? Number(t) : t;
      return parsed === control.value || (t === '' && control.value == null)
        ? t
        : control.value == null
          ? ''
          : String(control.value);
    });
  }, [control.value, p.isInt, p.isFloat]);
  return (
    <Input
      size="small"
      aria-label={control.label}
      value={text}
      placeholder={typeof p.placeholder === 'string' ? p.placeholder : undefined}
      onBlur={flush}
      onChange={(e) => {
        const t = e.target.value;
        setText(t);
        if (p.isInt || p.isFloat) {
          // A trailing dot or zero stays as text while typing; the number goes out when valid.
          if (t.trim() === '') onChange(null);
          else if (!validateNumber(t) && !/[.]$/.test(t))
            onChange(p.isInt ? parseInt(t, 10) : Number(t));
          else onChange(t);
        } else onChange(t);
      }}
    />
  );
}

/**
 * A text area, or a code editor when the control has a `language` (css, markdown, sql, …),
 * with "Edit in modal" under it (Superset's TextAreaControl): a modal titled with the control's
 * label holding a bigger editor of the same kind; edits reach the control as they are typed.
 */
export function TextAreaControl({ control, onChange }: ControlProps) {
  const [modalOpen, setModalOpen] = useState(false);
  const language = codeLanguageOf(control.props.language);
  const value = typeof control.value === 'string' ? control.value : '';
  const editor = (inModal: boolean) =>
    language ? (
      <CodeEditor
        ariaLabel={control.label}
        language={language}
        value={value}
        onChange={onChange}
        height={inModal ? '60vh' : 180}
        resizable={!inModal}
        autoFocus={inModal}
      />
    ) : (
      <Input.TextArea
        aria-label={control.label}
        value={value}
        autoSize={inModal ? { minRows: 20, maxRows: 30 } : { minRows: 3, maxRows: 12 }}
        autoFocus={inModal}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <>
      {editor(false)}
      <Button
        size="small"
        style={{ marginTop: 4 }}
        onClick={() => setModalOpen(true)}
        data-test={`edit-in-modal-${control.name}`}
      >
        {editInModalLabel(language)}
      </Button>
      <Modal
        open={modalOpen}
        title={control.label}
        width={900}
        destroyOnHidden
        onCancel={() => setModalOpen(false)}
        footer={
          <Button type="primary" onClick={() => setModalOpen(false)}>
            Close
          </Button>
        }
      >
        {modalOpen ? editor(true) : null}
      </Modal>
    </>
  );
}

export function SliderControl({ control, onChange }: ControlProps) {
  const p = control.props;
  return (
    <Slider
      min={Number(p.min ?? 0)}
      max={Number(p.max ?? 100)}
      step={Number(p.step ?? 1)}
      value={typeof control.value === 'number' ? control.value : Number(control.default ?? 0)}
      onChange={(v) => onChange(v)}
      aria-label={control.label}
    />
  );
}

export function RadioButtonControl({ control, onChange }: ControlProps) {
  return (
    <Radio.Group
      size="small"
      optionType="button"
      value={control.value}
      options={optionsOf(control.props.choices)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function Swatches({ colors }: { colors: string[] }) {
  return (
    <Flex gap={2} style={{ display: 'inline-flex' }}>
      {colors.slice(0, 10).map((c, i) => (
        <span key={i} style={{ width: 10, height: 10, background: c, display: 'inline-block' }} />
      ))}
    </Flex>
  );
}

export function ColorSchemeControl({ control, onChange }: ControlProps) {
  const schemes = control.props.isLinear ? SEQUENTIAL_SCHEMES : CATEGORICAL_SCHEMES;
  // Superset's notes: the dashboard's scheme wins (the control is then read-only here), or
  // the dashboard's custom label colours override some of the scheme's.
  const fromDashboard = control.props.hasDashboardColorScheme === true;
  const note = fromDashboard
    ? MESSAGES.colorSchemeFromDashboard
    : control.props.hasCustomLabelsColor === true
      ? MESSAGES.colorSchemeOverriddenByLabelColors
      : null;
  return (
    <Flex gap={6} align="center">
      <Select
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        aria-label={control.label}
        value={control.value as string}
        disabled={fromDashboard}
        onChange={onChange}
        options={schemes.map((s) => ({
          value: s.id,
          label: (
            <Flex gap={8} align="center" justify="space-between">
              <span>{s.label}</span>
              <Swatches colors={s.colors} />
            </Flex>
          ),
        }))}
      />
      {note ? (
        <Tooltip title={note}>
          <WarningOutlined
            aria-label={note}
            data-test="color-scheme-note"
            style={{ color: '#FCC700' }}
          />
        </Tooltip>
      ) : null}
    </Flex>
  );
}

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export function ColorPickerControl({ control, onChange }: ControlProps) {
  const v = (control.value ?? { r: 0, g: 122, b: 135, a: 1 }) as Rgba;
  return (
    <ColorPicker
      size="small"
      value={`rgba(${v.r},${v.g},${v.b},${v.a})`}
      presets={[{ label: 'Scheme', colors: categoricalScheme(null).colors.slice(0, 7) }]}
      onChangeComplete={(c) => {
        const rgb = c.toRgb();
        onChange({ r: rgb.r, g: rgb.g, b: rgb.b, a: rgb.a });
      }}
    />
  );
}

/** Two numbers (min, max); non-numeric entries become null. */
export function BoundsControl({ control, onChange }: ControlProps) {
  const value = Array.isArray(control.value)
    ? (control.value as Array<number | null>)
    : [null, null];
  // What is typed shows at once; the control follows 300 ms after the last change (spec 001 §9).
  const [typed, setTyped] = useState<[number | null, number | null]>([
    value[0] ?? null,
    value[1] ?? null,
  ]);
  const [min, max] = typed;
  useEffect(() => {
    setTyped([value[0] ?? null, value[1] ?? null]);
  }, [value[0], value[1]]); // eslint-disable-line react-hooks/exhaustive-deps
  const { change, flush } = useDebouncedChange(onChange, CONTROL_DEBOUNCE_MS.bounds);
  const set = (next: [number | null, number | null]) => {
    setTyped(next);
    change(next);
  };
  const number = (v: unknown): number | null => (typeof v === 'number' && isFinite(v) ? v : null);
  return (
    <Flex gap={8}>
      <InputNumber
        size="small"
        placeholder="Min"
        aria-label={`${control.label} min`}
        value={min}
        onChange={(v) => set([number(v), max])}
        onBlur={flush}
        style={{ flex: 1 }}
      />
      <InputNumber
        size="small"
        placeholder="Max"
        aria-label={`${control.label} max`}
        value={max}
        onChange={(v) => set([min, number(v)])}
        onBlur={flush}
        style={{ flex: 1 }}
      />
    </Flex>
  );
}
