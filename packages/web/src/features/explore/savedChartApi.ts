/**
 * A saved chart read by another chart (`GET /api/v1/chart/{id}`): its name and form data, for
 * deck.gl Multiple Layers' layers. A chart the user may not read answers 404.
 */
import type { QueryFormData } from '@strata/core';
import type { SavedChart } from '@strata/charts';
import { api } from '../../app/api';

interface ChartAnswer {
  result: { id: number; slice_name: string | null; form_data: QueryFormData };
}

export async function fetchSavedChart(id: number, signal?: AbortSignal): Promise<SavedChart> {
  const { result } = await api.get<ChartAnswer>(`/api/v1/chart/${id}`, signal ? { signal } : {});
  return { id: result.id, slice_name: result.slice_name, form_data: result.form_data };
}
