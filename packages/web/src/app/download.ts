/**
 * Files the browser downloads: a blob saved under a name, and the name a server gives in its
 * Content-Disposition header.
 */

/** How long a download's object URL stays valid. */
const BLOB_URL_LIFETIME_MS = 60_000;

/** Saves a blob as a file download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser reads the blob when the download starts, which a busy page may delay: the URL
  // is kept for a minute (revoked after 1 s, a PDF export on a loaded machine was lost).
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
}

/**
 * The file name of a download from its Content-Disposition header (`filename*=UTF-8''…` first,
 * then `filename="…"` or a bare `filename=…`), without any folder part; `fallback` otherwise.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
    if (quoted?.[1] !== undefined) name = quoted[1].replace(/\\(.)/g, '$1');
  }
  if (!name) {
    const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
    if (bare?.[1]) name = bare[1];
  }
  const base = (name ?? '').split(/[/\\]/).pop()?.trim() ?? '';
  return base !== '' ? base : fallback;
}

/** Saves a successful answer's body under the name it gives (Content-Disposition), else `fallback`. */
export async function saveResponse(res: Response, fallback: string): Promise<void> {
  const name = fileNameFromDisposition(res.headers.get('content-disposition'), fallback);
  saveBlob(await res.blob(), name);
}
