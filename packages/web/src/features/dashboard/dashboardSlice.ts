/**
 * The dashboard page's state as one pure reducer (run with useReducer): the dashboard and its
 * charts and datasets, the layout (with its edit history once editing), the state flags of spec
 * 001 (editMode, hasUnsavedChanges, dashboardIsSaving, isRefreshing, isStarred, isPublished,
 * maxUndoHistoryExceeded, fullSizeChartId, activeTabs, expandedSlices), each chart's data, and the
 * data masks: native filters' (by filter id) and the cross filters charts emit (by chart id).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardLayout, QueryFormData } from '@strata/core';
import type { ChartDataResult, DataMask } from '@strata/charts';
import { markSaved, push, redo, reset, undo, type LayoutHistory } from './layout';
import type { DashboardMetadata } from './metadata';
import type { NativeFilter } from './nativeFilters';
import type { ChartState, DashboardChart, DashboardInfo, DatasourcesByKey } from './types';

export interface DashboardState {
  dashboard: DashboardInfo | null;
  metadata: DashboardMetadata | null;
  charts: Record<number, DashboardChart>;
  datasources: DatasourcesByKey;
  /** The layout and its undo history (`history.present` is what is shown). */
  history: LayoutHistory;
  /** The layout as last saved (discarding edits returns to it). */
  savedLayout: DashboardLayout;
  /** Problems found in the stored layout or metadata (the dashboard opens anyway). */
  problems: string[];
  chartStates: Record<number, ChartState>;
  /** The native filters of json_metadata.native_filter_configuration. */
  nativeFilters: NativeFilter[];
  /** Data masks by native filter id, and by chart id (as text) for cross filters. */
  dataMasks: Record<string, DataMask>;
  /** `dataMasks` as the dashboard opened (the same object until a filter changes). */
  dataMasksAtLoad: Record<string, DataMask> | null;
  editMode: boolean;
  dashboardIsSaving: boolean;
  isRefreshing: boolean;
  isStarred: boolean;
  fullSizeChartId: number | null;
  activeTabs: string[];
  expandedSlices: Record<number, boolean>;
  /** Bumped by "Refresh dashboard": every chart queries again (forced). */
  refreshNonce: number;
  css: string;
}

export const initialDashboardState: DashboardState = {
  dashboard: null,
  metadata: null,
  charts: {},
  datasources: {},
  history: reset({}),
  savedLayout: {},
  problems: [],
  chartStates: {},
  nativeFilters: [],
  dataMasks: {},
  dataMasksAtLoad: null,
  editMode: false,
  dashboardIsSaving: false,
  isRefreshing: false,
  isStarred: false,
  fullSizeChartId: null,
  activeTabs: [],
  expandedSlices: {},
  refreshNonce: 0,
  css: '',
};

export interface LoadedDashboard {
  dashboard: DashboardInfo;
  metadata: DashboardMetadata;
  charts: DashboardChart[];
  datasources: DatasourcesByKey;
  layout: DashboardLayout;
  problems: string[];
  activeTabs: string[];
  nativeFilters: NativeFilter[];
  /** The masks the page opens with (native filter defaults, the address's or a link's state). */
  dataMasks: Record<string, DataMask>;
}

const slice = createSlice({
  name: 'dashboard',
  initialState: initialDashboardState,
  reducers: {
    loaded(state, { payload }: PayloadAction<LoadedDashboard>) {
      state.dashboard = payload.dashboard;
      state.metadata = payload.metadata;
      state.charts = Object.fromEntries(payload.charts.map((c) => [c.id, c]));
      state.datasources = payload.datasources;
      state.history = reset(payload.layout);
      state.savedLayout = payload.layout;
      state.problems = payload.problems;
      state.activeTabs = payload.activeTabs;
      state.css = payload.dashboard.css ?? '';
      state.expandedSlices = Object.fromEntries(
        Object.entries(payload.metadata.expanded_slices).map(([k, v]) => [Number(k), v]),
      );
      state.chartStates = {};
      state.nativeFilters = payload.nativeFilters;
      state.dataMasks = payload.dataMasks;
      state.dataMasksAtLoad = payload.dataMasks;
    },
    chartQueryStarted(state, { payload }: PayloadAction<{ id: number; formData: QueryFormData }>) {
      const prev = state.chartStates[payload.id];
      state.chartStates[payload.id] = {
        status: 'loading',
        queriesResponse: prev?.queriesResponse ?? null,
        error: null,
        lastUpdated: prev?.lastUpdated ?? null,
        formData: payload.formData,
      };
    },
    chartQuerySucceeded(
      state,
      { payload }: PayloadAction<{ id: number; queriesResponse: ChartDataResult[]; at: number }>,
    ) {
      const s = state.chartStates[payload.id];
      if (!s) return;
      s.status = 'success';
      s.queriesResponse = payload.queriesResponse;
      s.error = null;
      s.lastUpdated = payload.at;
    },
    chartQueryFailed(
      state,
      { payload }: PayloadAction<{ id: number; error: string; link?: string | null }>,
    ) {
      const s = state.chartStates[payload.id];
      if (!s) return;
      s.status = 'failed';
      s.error = payload.error;
      s.errorLink = payload.link ?? null;
    },
    dataMaskSet(state, { payload }: PayloadAction<{ id: number | string; mask: DataMask }>) {
      // A native filter's mask is kept even when it filters nothing: a filter the viewer
      // cleared stays cleared (its default does not come back on a reload).
      if (!/^\d+$/.test(String(payload.id))) {
        state.dataMasks[payload.id] = payload.mask;
        return;
      }
      // A cross filter's mask that filters nothing (a cleared cross filter) is dropped.
      const extra = (payload.mask.extraFormData ?? {}) as Record<string, unknown>;
      const filters = extra.filters as unknown[] | undefined;
      const other = Object.entries(extra).some(
        ([k, v]) => k !== 'filters' && v !== undefined && v !== null,
      );
      const value = (payload.mask.filterState as { value?: unknown } | undefined)?.value;
      if ((!filters || filters.length === 0) && !other && (value === undefined || value === null))
        delete state.dataMasks[payload.id];
      else state.dataMasks[payload.id] = payload.mask;
    },
    /** The native filter bar's "Apply filters": the masks of the filters that changed. */
    nativeFilterMasksApplied(state, { payload }: PayloadAction<Record<string, DataMask>>) {
      for (const [id, mask] of Object.entries(payload)) state.dataMasks[id] = mask;
    },
    /**
     * A new native filter configuration was saved: the filters and metadata follow it, and the
     * masks keep what the viewer chose except for new filters and filters whose default changed
     * (they start from their default) and removed filters (dropped).
     */
    nativeFiltersConfigured(
      state,
      { payload }: PayloadAction<{ metadata: DashboardMetadata; filters: NativeFilter[] }>,
    ) {
      const before = new Map(state.nativeFilters.map((f) => [f.id, f]));
      const kept = new Set(payload.filters.map((f) => f.id));
      for (const id of before.keys()) if (!kept.has(id)) delete state.dataMasks[id];
      for (const f of payload.filters) {
        const old = before.get(f.id);
        const defaultChanged =
          !old || JSON.stringify(old.defaultDataMask) !== JSON.stringify(f.defaultDataMask);
        if (defaultChanged && f.type === 'NATIVE_FILTER') {
          if (Object.keys(f.defaultDataMask).length) state.dataMasks[f.id] = f.defaultDataMask;
          else delete state.dataMasks[f.id];
        }
      }
      state.nativeFilters = payload.filters;
      state.metadata = payload.metadata;
    },
    refreshRequested(state) {
      state.refreshNonce += 1;
    },
    activeTabsSet(state, { payload }: PayloadAction<string[]>) {
      state.activeTabs = payload;
    },
    fullSizeChartSet(state, { payload }: PayloadAction<number | null>) {
      state.fullSizeChartId = payload;
    },
    sliceExpandedToggled(state, { payload }: PayloadAction<number>) {
      state.expandedSlices[payload] = !state.expandedSlices[payload];
    },
    starredSet(state, { payload }: PayloadAction<boolean>) {
      state.isStarred = payload;
    },
    publishedSet(state, { payload }: PayloadAction<boolean>) {
      if (state.dashboard) state.dashboard.published = payload;
    },
    editModeSet(state, { payload }: PayloadAction<boolean>) {
      state.editMode = payload;
      if (payload) state.history = reset(state.history.present);
    },
    /** A layout edit (drop, resize, text…), kept in the undo history. */
    layoutEdited(state, { payload }: PayloadAction<DashboardLayout>) {
      state.history = push(state.history, payload);
    },
    undone(state) {
      state.history = undo(state.history);
    },
    redone(state) {
      state.history = redo(state.history);
    },
    /** Leaves edit mode without saving: the saved layout, CSS and metadata come back. */
    editsDiscarded(state) {
      state.history = reset(state.savedLayout);
      state.css = state.dashboard?.css ?? '';
      state.editMode = false;
    },
    /** The server has the layout now. */
    saved(state, { payload }: PayloadAction<{ dashboard: Partial<DashboardInfo> }>) {
      if (state.dashboard) Object.assign(state.dashboard, payload.dashboard);
      state.savedLayout = state.history.present;
      state.history = markSaved(state.history);
      state.dashboardIsSaving = false;
      state.editMode = false;
    },
    savingSet(state, { payload }: PayloadAction<boolean>) {
      state.dashboardIsSaving = payload;
    },
    dashboardUpdated(
      state,
      {
        payload,
      }: PayloadAction<{ dashboard: Partial<DashboardInfo>; metadata?: DashboardMetadata }>,
    ) {
      if (state.dashboard) Object.assign(state.dashboard, payload.dashboard);
      if (payload.metadata) state.metadata = payload.metadata;
      if (payload.dashboard.css !== undefined) state.css = payload.dashboard.css ?? '';
    },
    cssSet(state, { payload }: PayloadAction<string>) {
      state.css = payload;
    },
    chartAdded(state, { payload }: PayloadAction<DashboardChart>) {
      state.charts[payload.id] = payload;
    },
    datasourceAdded(
      state,
      { payload }: PayloadAction<{ key: string; datasource: DatasourcesByKey[string] }>,
    ) {
      state.datasources[payload.key] = payload.datasource;
    },
  },
});

export const dashboardActions = slice.actions;
export const dashboardReducer = slice.reducer;
