import { ApiError, extractErrorMessage, isAbortError } from '../../app/api';
import { MESSAGES } from '@strata/core';
import { defaultExportName, exportUrl, fileNameFromDisposition } from './exportFile';
import type { ImportResource } from './importErrors';

/**
 * Downloads the export bundle of some items and hands it to the browser under the name the
 * server gives (Content-Disposition). The API client reads every answer as text, which would
 * spoil a ZIP, so this GET is sent with the same cookie credentials directly; failures become
 * the client's readable `ApiError`s.
 */
export async function downloadExport(
  resource: ImportResource,
  ids: Array<number | string>,
  signal?: AbortSignal,
): Promise<void> {
  let res: Response;
  try {
    res = await window.fetch(exportUrl(resource, ids), {
      credentials: 'same-origin',
      headers: { Accept: 'application/zip, application/json' },
      signal,
    });
  } catch (e) {
    if (isAbortError(e)) throw e;
    throw new ApiError(MESSAGES.networkError, 0);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text itself
    }
    throw new ApiError(extractErrorMessage(body, res.status, res.statusText), res.status, body);
  }
  const name = fileNameFromDisposition(
    res.headers.get('content-disposition'),
    defaultExportName(resource),
  );
  const blob = await res.blob();
  const { saveBlob } = await import('../explore/chartExports');
  saveBlob(blob, name);
}
