/**
 * Explore's page state as one reducer (pure; the page runs it with useReducer): the dataset, the
 * saved chart, the form data the controls edit, and the chart's update cycle (spec 001 §4
 * "Chart status": loading → success → rendered, failed, stopped).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES, type QueryFormData } from '@strata/core';
import {
  chartRegistry,
  controlPanelState,
  listControls,
  type ChartDataResult,
} from '@strata/charts';
import type { ExploreDatasource } from '@strata/charts';
import type { ChartStatus, ExploreSlice } from './types';

export interface ExploreState {
  datasource: ExploreDatasource | null;
  slice: ExploreSlice | null;
  /**
   * The title in the header: the saved chart's name, or what the user typed there (Superset's
   * `sliceName`); the save dialog starts from it. Null: untitled.
   */
  sliceName: string | null;
  formData: QueryFormData;
  /** Form data of the last query run (what the chart shows). */
  latestQueryFormData: QueryFormData | null;
  /** The form data of the query whose data the chart shows (set when the data arrives). */
  dataFormData: QueryFormData | null;
  chartStatus: ChartStatus | null;
  chartAlert: string | null;
  /** Where to ask for access when the chart's dataset was refused ("Request Access"). */
  chartAlertLink: string | null;
  queriesResponse: ChartDataResult[] | null;
  chartUpdateStartTime: number | null;
  chartUpdateEndTime: number | null;
}

export const initialExploreState: ExploreState = {
  datasource: null,
  slice: null,
  sliceName: null,
  formData: { datasource: '', viz_type: 'table' },
  latestQueryFormData: null,
  dataFormData: null,
  chartStatus: null,
  chartAlert: null,
  chartAlertLink: null,
  queriesResponse: null,
  chartUpdateStartTime: null,
  chartUpdateEndTime: null,
};

/** The form data with defaults and visibility applied for its chart type. */
export function normalizeFormData(
  formData: QueryFormData,
  datasource: ExploreDatasource | null,
): QueryFormData {
  const plugin = chartRegistry.get(formData.viz_type);
  if (!plugin) return formData;
  return controlPanelState(plugin.controlPanel, formData, datasource).formData;
}

/**
 * Moving to another chart type keeps the metrics (Superset's controls transfer): a chart that
 * takes one metric gets the first of `metrics`; one that takes several gets `[metric]`.
 */
export function carryMetrics(formData: QueryFormData): QueryFormData {
  const plugin = chartRegistry.get(formData.viz_type);
  if (!plugin) return formData;
  const names = new Set(listControls(plugin.controlPanel).map((c) => c.name));
  const metrics = Array.isArray(formData.metrics) ? formData.metrics : [];
  const out = { ...formData };
  if (names.has('metric') && !out.metric && metrics[0]) out.metric = metrics[0];
  if (names.has('metrics') && metrics.length === 0 && out.metric) out.metrics = [out.metric];
  return out;
}

const slice = createSlice({
  name: 'explore',
  initialState: initialExploreState,
  reducers: {
    hydrated(
      state,
      action: PayloadAction<{
        datasource: ExploreDatasource | null;
        slice: ExploreSlice | null;
        formData: QueryFormData;
      }>,
    ) {
      // Items the dataset lacks stay, marked by their controls (datasetCompat.ts).
      const { datasource, formData } = action.payload;
      state.datasource = datasource;
      state.slice = action.payload.slice;
      state.sliceName = action.payload.slice?.slice_name ?? null;
      state.formData = normalizeFormData(formData, datasource);
      state.chartStatus = null;
      state.chartAlert = null;
      state.chartAlertLink = null;
      state.queriesResponse = null;
      state.latestQueryFormData = null;
      state.dataFormData = null;
    },
    controlChanged(state, action: PayloadAction<{ name: string; value: unknown }>) {
      const next = { ...state.formData, [action.payload.name]: action.payload.value };
      state.formData = normalizeFormData(next, state.datasource);
    },
    vizTypeChanged(state, action: PayloadAction<string>) {
      const next = carryMetrics({ ...state.formData, viz_type: action.payload });
      state.formData = normalizeFormData(next, state.datasource);
    },
    chartUpdateStarted(state, action: PayloadAction<{ formData: QueryFormData; now: number }>) {
      state.chartStatus = 'loading';
      state.chartAlert = null;
      state.chartAlertLink = null;
      state.latestQueryFormData = action.payload.formData;
      state.chartUpdateStartTime = action.payload.now;
      state.chartUpdateEndTime = null;
    },
    chartUpdateSucceeded(state, action: PayloadAction<{ result: ChartDataResult[]; now: number }>) {
      state.chartStatus = 'success';
      state.queriesResponse = action.payload.result;
      state.dataFormData = state.latestQueryFormData;
      state.chartUpdateEndTime = action.payload.now;
    },
    chartUpdateFailed(
      state,
      action: PayloadAction<{ message: string | null; now: number; link?: string | null }>,
    ) {
      state.chartStatus = 'failed';
      state.chartAlert = action.payload.message ?? MESSAGES.networkError;
      state.chartAlertLink = action.payload.link ?? null;
      state.queriesResponse = null;
      state.chartUpdateEndTime = action.payload.now;
    },
    chartUpdateStopped(state, action: PayloadAction<{ now: number }>) {
      state.chartStatus = 'stopped';
      state.chartAlert = MESSAGES.chartStopped;
      state.chartUpdateEndTime = action.payload.now;
    },
    chartRenderingSucceeded(state) {
      if (state.chartStatus === 'success') state.chartStatus = 'rendered';
    },
    chartRenderingFailed(state, action: PayloadAction<string>) {
      state.chartStatus = 'failed';
      state.chartAlert = MESSAGES.renderError.replace('%s', action.payload);
    },
    /**
     * Swap dataset (or the dataset edited): the form data moves to the new dataset (spec 001 §4
     * "Changing datasource"), the time column to one the dataset has.
     */
    datasourceChanged(state, action: PayloadAction<ExploreDatasource>) {
      const ds = action.payload;
      const next: QueryFormData = {
        ...state.formData,
        datasource: `${ds.id}__${ds.type || 'table'}`,
      };
      const temporal = ds.columns
        .filter((c) => c.is_dttm === true || c.type_generic === 2)
        .map((c) => c.column_name);
      if (typeof next.granularity_sqla === 'string' && !temporal.includes(next.granularity_sqla)) {
        const main =
          ds.main_dttm_col && temporal.includes(ds.main_dttm_col) ? ds.main_dttm_col : null;
        next.granularity_sqla = main ?? temporal[0];
      }
      // What the new dataset lacks stays in the controls, marked (datasetCompat.ts).
      state.datasource = ds;
      state.formData = normalizeFormData(next, ds);
    },
    /** The title edited in the header (kept in the page until the chart is saved). */
    titleChanged(state, action: PayloadAction<string>) {
      const title = action.payload.trim();
      state.sliceName = title === '' ? null : title;
    },
    sliceSaved(state, action: PayloadAction<ExploreSlice>) {
      state.slice = action.payload;
      state.sliceName = action.payload.slice_name ?? null;
      state.formData = { ...state.formData, slice_id: action.payload.slice_id };
    },
  },
});

export const exploreActions = slice.actions;
export const exploreReducer = slice.reducer;

/** Whether the form data differs from what the chart shows in a way that needs a new query. */
export function needsQuery(state: ExploreState, renderOnly: (name: string) => boolean): boolean {
  const last = state.latestQueryFormData;
  if (!last) return true;
  const keys = new Set([...Object.keys(last), ...Object.keys(state.formData)]);
  for (const key of keys) {
    if (renderOnly(key)) continue;
    if (JSON.stringify(last[key]) !== JSON.stringify(state.formData[key])) return true;
  }
  return false;
}

/**
 * What the chart draws with: the form data of the data it shows, with the current values of
 * the render-only controls (colours, labels, formats…). The same object as long as none of
 * those differ, so changing a query control does not redraw the old data.
 */
export function drawnFormDataOf(
  formData: QueryFormData,
  dataFormData: QueryFormData | null,
  renderOnly: (name: string) => boolean,
): QueryFormData {
  if (!dataFormData) return formData;
  const keys = new Set([...Object.keys(formData), ...Object.keys(dataFormData)]);
  let merged: Record<string, unknown> | null = null;
  for (const key of keys) {
    if (!renderOnly(key)) continue;
    const now = formData[key];
    if (JSON.stringify(now) === JSON.stringify(dataFormData[key])) continue;
    merged ??= { ...dataFormData };
    if (now === undefined) delete merged[key];
    else merged[key] = now;
  }
  return (merged as QueryFormData | null) ?? dataFormData;
}
