/**
 * Control panel state from a plugin's control panel, the form data and the dataset: each
 * control's value (form data, else its default), visibility, validation errors and props. Pure,
 * so Explore's reducers and tests share one reading of the rules (spec 001 §4 "Control
 * visibility", §5 "Form-control validators").
 */
import type { QueryFormData } from '@strata/core';
import { sharedControl } from './shared-controls.js';
import type {
  ControlConfig,
  ControlPanelConfig,
  ControlPanelSection,
  ControlPanelState,
  ControlState,
  ExploreDatasource,
} from './types.js';
import { runValidators } from './validators.js';

export interface ResolvedControl {
  name: string;
  config: ControlConfig;
}

/** A section's rows with every item resolved to its definition (unknown names are skipped). */
export function resolveSection(
  section: ControlPanelSection,
  panel: ControlPanelConfig,
): ResolvedControl[][] {
  return section.controlSetRows.map((row) =>
    row.flatMap((item): ResolvedControl[] => {
      if (item === null) return [];
      const name = typeof item === 'string' ? item : item.name;
      const override = panel.controlOverrides?.[name];
      let config: ControlConfig | undefined;
      if (typeof item === 'string') config = sharedControl(name, override);
      else if (item.config) config = override ? { ...item.config, ...override } : item.config;
      else config = sharedControl(name, { ...item.override, ...override });
      return config ? [{ name, config }] : [];
    }),
  );
}

/** Every control of the panel, in order, each once. */
export function listControls(panel: ControlPanelConfig): ResolvedControl[] {
  const seen = new Set<string>();
  const out: ResolvedControl[] = [];
  for (const section of panel.controlPanelSections) {
    for (const row of resolveSection(section, panel)) {
      for (const c of row) {
        if (seen.has(c.name)) continue;
        seen.add(c.name);
        out.push(c);
      }
    }
  }
  return out;
}

function evaluate<T>(value: T | ((state: ControlPanelState) => T), state: ControlPanelState): T {
  return typeof value === 'function' ? (value as (s: ControlPanelState) => T)(state) : value;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface PanelState {
  /** The form data with defaults filled in and hidden controls reset. */
  formData: QueryFormData;
  controls: Record<string, ControlState>;
}

/**
 * Control states for the form data. Values missing from the form data take their default;
 * a control that is hidden and has a default differing from its value is reset to the default
 * unless `resetOnHide` is false. Visibility is evaluated on the form data after defaults.
 */
export function controlPanelState(
  panel: ControlPanelConfig,
  formData: QueryFormData,
  datasource: ExploreDatasource | null,
): PanelState {
  const controls = listControls(panel);
  const fd: QueryFormData = { ...formData };
  const base = (): ControlPanelState => ({
    form_data: fd,
    datasource,
    controls: Object.fromEntries(controls.map((c) => [c.name, { value: fd[c.name] }])),
  });
  // Defaults first, so visibility rules see complete form data.
  for (const { name, config } of controls) {
    if (fd[name] === undefined && config.default !== undefined) {
      fd[name] = evaluate(config.default, base());
    }
  }
  const state = base();
  const out: Record<string, ControlState> = {};
  for (const { name, config } of controls) {
    const visible = config.visibility ? config.visibility(state) : true;
    const defaultValue = config.default === undefined ? undefined : evaluate(config.default, state);
    if (!visible && config.resetOnHide !== false && !sameValue(fd[name], defaultValue)) {
      fd[name] = defaultValue;
    }
    const value = fd[name];
    out[name] = {
      name,
      type: config.type,
      value,
      default: defaultValue,
      label: evaluate(config.label, state),
      ...(config.description === undefined ? {} : { description: config.description }),
      validationErrors: visible ? runValidators(config.validators, value, state) : [],
      visible,
      renderTrigger: config.renderTrigger === true,
      props: { ...config.props, ...config.mapStateToProps?.(state) },
    };
  }
  return { formData: fd, controls: out };
}

/** "Label cannot be empty"-style messages of every visible control that fails validation. */
export function validationMessages(controls: Record<string, ControlState>): string[] {
  return Object.values(controls).flatMap((c) => c.validationErrors.map((e) => `${c.label} ${e}`));
}

/** Which tab a section goes to: its override, else Customize when all its controls only re-render. */
export function sectionTab(
  section: ControlPanelSection,
  panel: ControlPanelConfig,
): 'data' | 'customize' {
  if (section.tabOverride) return section.tabOverride;
  const controls = resolveSection(section, panel).flat();
  return controls.length > 0 && controls.every((c) => c.config.renderTrigger === true)
    ? 'customize'
    : 'data';
}

/**
 * The form data's metrics, columns and filters that the dataset no longer has are dropped
 * (spec 001 §4 "Metrics control"); answers the cleaned form data and what was dropped.
 */
export function dropMissingFields(
  formData: QueryFormData,
  datasource: ExploreDatasource,
  fields: { metrics: string[]; columns: string[] },
): { formData: QueryFormData; dropped: string[] } {
  const metricNames = new Set(datasource.metrics.map((m) => m.metric_name));
  const columnNames = new Set(datasource.columns.map((c) => c.column_name));
  const dropped: string[] = [];
  const keepMetric = (m: unknown): boolean => {
    if (typeof m === 'string') {
      if (metricNames.has(m)) return true;
      dropped.push(m);
      return false;
    }
    const column = (m as { column?: { column_name?: string } } | null)?.column?.column_name;
    if (column !== undefined && !columnNames.has(column)) {
      dropped.push(column);
      return false;
    }
    return m !== null && m !== undefined;
  };
  const keepColumn = (c: unknown): boolean => {
    if (typeof c !== 'string') return c !== null && c !== undefined;
    if (columnNames.has(c)) return true;
    dropped.push(c);
    return false;
  };
  const fd: QueryFormData = { ...formData };
  for (const name of fields.metrics) {
    const v = fd[name];
    if (Array.isArray(v)) fd[name] = v.filter(keepMetric);
    else if (v !== undefined && v !== null && !keepMetric(v)) fd[name] = null;
  }
  for (const name of fields.columns) {
    const v = fd[name];
    if (Array.isArray(v)) fd[name] = v.filter(keepColumn);
    else if (v !== undefined && v !== null && !keepColumn(v)) fd[name] = null;
  }
  return { formData: fd, dropped };
}
