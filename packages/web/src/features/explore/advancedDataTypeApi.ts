/** The calls of `/api/v1/advanced_data_type/` (ENABLE_ADVANCED_DATA_TYPES; spec 001 §7). */
import type { AdvancedDataTypeConvertResult } from '@strata/core';
import { api, resourceBase, risonParam } from '../../app/api';

const BASE = resourceBase('advanced_data_type');

/** `GET /api/v1/advanced_data_type/convert?q=(type,values)`: the values as the type reads them. */
export async function convertAdvancedDataType(
  type: string,
  values: string[],
  signal?: AbortSignal,
): Promise<AdvancedDataTypeConvertResult> {
  const res = await api.get<{ result: AdvancedDataTypeConvertResult }>(
    `${BASE}/convert?q=${risonParam({ type, values })}`,
    { signal },
  );
  return res.result;
}
