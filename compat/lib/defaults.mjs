/**
 * Form data filled with the control panel's defaults, as Superset's `applyDefaultFormData`
 * (superset-frontend/src/explore/store) does before `buildQuery`: every control of the panel
 * (the datasource/viz type section first, then the plugin's sections, shorthand names expanded
 * to the shared controls with the panel's `controlOverrides`) whose value the input leaves
 * undefined gets the control's default (a function default is called with the control and the
 * panel state). Not done here: controls' `mapStateToProps` (they compute options for the UI).
 */
import { controls as cc } from './plugins.mjs';

export function panelControls(controlPanel) {
  const overrides = controlPanel.controlOverrides ?? {};
  const sections = [
    cc.sections?.datasourceAndVizType,
    ...(controlPanel.controlPanelSections ?? []),
  ];
  const out = {};
  for (const section of sections) {
    for (const row of section?.controlSetRows ?? []) {
      for (const item of row) {
        const expanded = cc.expandControlConfig(item, overrides);
        if (expanded && typeof expanded === 'object' && 'name' in expanded && expanded.config) {
          out[expanded.name] = expanded.config;
        }
      }
    }
  }
  return out;
}

export function applyDefaultFormData(controlPanel, inputFormData, datasource) {
  const controls = panelControls(controlPanel);
  const state = { datasource, controls: {}, form_data: inputFormData, common: {}, metadata: {} };
  const formData = { ...inputFormData };
  for (const [name, config] of Object.entries(controls)) {
    if (inputFormData[name] !== undefined) continue;
    let value = config.default;
    if (typeof value === 'function') {
      try {
        value = value({ ...config }, state);
      } catch {
        value = undefined;
      }
    }
    if (value !== undefined) formData[name] = value;
  }
  return formData;
}
