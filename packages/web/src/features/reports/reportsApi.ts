/**
 * The calls of `/api/v1/report/` (issue 18; spec 000 §7 "Reports") and the few other calls the
 * alert/report pages make (a dashboard's layout and filters, a filter column's values). The list
 * pages' own list calls go through ListView with `REPORT_RESOURCE`.
 */
import type {
  ListResponse,
  ReportCreate,
  ReportListItem,
  ReportShow,
  ReportUpdate,
} from '@strata/core';
import { api, itemUrl, listUrl, resourceBase } from '../../app/api';
import { targetReportQuery } from './reportList';
import type { TargetKind } from './reportList';

export const REPORT_RESOURCE = 'report';

/** The ListView resource of a report's execution log (`/api/v1/report/{id}/log/`). */
export function reportLogResource(id: number): string {
  return `${REPORT_RESOURCE}/${id}/log`;
}

/** `GET /api/v1/report/{id}` */
export async function fetchReport(id: number, signal?: AbortSignal): Promise<ReportShow> {
  const res = await api.get<{ result: ReportShow }>(itemUrl(REPORT_RESOURCE, id), { signal });
  return res.result;
}

/** `POST /api/v1/report/`: the new report's id. */
export async function createReport(body: ReportCreate): Promise<number> {
  const res = await api.post<{ id: number }>(`${resourceBase(REPORT_RESOURCE)}/`, body);
  return res.id;
}

/** `PUT /api/v1/report/{id}` with any fields. */
export function updateReport(id: number, body: ReportUpdate): Promise<unknown> {
  return api.put(itemUrl(REPORT_RESOURCE, id), body);
}

/** `PUT /api/v1/report/{id}` with only `active`. */
export function setReportActive(id: number, active: boolean): Promise<unknown> {
  return updateReport(id, { active });
}

/** `DELETE /api/v1/report/{id}` */
export function deleteReport(id: number): Promise<unknown> {
  return api.delete(itemUrl(REPORT_RESOURCE, id));
}

/** The report the user set up from a chart's or dashboard's menu, or null. */
export async function fetchTargetReport(
  kind: TargetKind,
  targetId: number,
  userId: number,
  signal?: AbortSignal,
): Promise<ReportListItem | null> {
  const res = await api.get<ListResponse<ReportListItem>>(
    listUrl(REPORT_RESOURCE, targetReportQuery(kind, targetId, userId)),
    { signal },
  );
  return res.result?.[0] ?? null;
}

/** What a dashboard report offers: the dashboard's layout (tabs) and metadata (filters). */
export interface DashboardForReport {
  position_json: string | null;
  json_metadata: string | null;
}

/** `GET /api/v1/dashboard/{id}`: its layout and metadata. */
export async function fetchDashboardForReport(
  id: number,
  signal?: AbortSignal,
): Promise<DashboardForReport> {
  const res = await api.get<{ result: Partial<DashboardForReport> }>(itemUrl('dashboard', id), {
    signal,
  });
  return {
    position_json: res.result.position_json ?? null,
    json_metadata: res.result.json_metadata ?? null,
  };
}

export type ColumnValue = string | number | boolean | null;

/** `GET /api/v1/datasource/table/{id}/column/{column}/values/`: a filter column's values. */
export async function fetchColumnValues(
  datasetId: number,
  column: string,
  signal?: AbortSignal,
): Promise<ColumnValue[]> {
  const res = await api.get<{ result: ColumnValue[] }>(
    `/api/v1/datasource/table/${datasetId}/column/${encodeURIComponent(column)}/values/`,
    { signal },
  );
  return res.result ?? [];
}
