import { api } from '../../app/api';
import { saveResponse } from '../../app/download';
import { defaultExportName, exportUrl } from './exportFile';
import type { ImportResource } from './importErrors';

/**
 * Downloads the export bundle of some items through the API client (its login and error rules)
 * and hands it to the browser under the name the server gives (Content-Disposition).
 */
export async function downloadExport(
  resource: ImportResource,
  ids: Array<number | string>,
  signal?: AbortSignal,
): Promise<void> {
  const res = await api.getRaw(exportUrl(resource, ids), signal ? { signal } : {});
  await saveResponse(res, defaultExportName(resource));
}
