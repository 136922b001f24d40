/**
 * "Download as image" and "Export to PDF" of the dashboard's menu: the dashboard as it is drawn
 * (the open tabs, the charts' canvases) turned into a JPEG by html-to-image, saved as it is or
 * laid out on A4-proportioned PDF pages by jsPDF. Both libraries load only when asked for.
 */
import { saveBlob } from '../../../app/download';

export type DashboardDownloadFormat = 'image' | 'pdf';

/** Superset's text when a dashboard could not be downloaded. */
export const DOWNLOAD_FAILED = 'Sorry, something went wrong. Try again later.';

/** Height over width of an A4 page, portrait. */
const A4_RATIO = 297 / 210;
/** CSS pixels to PDF points. */
const PT_PER_PX = 0.75;

/** `sales-dashboard-2026-11-26T10_04_05.jpg`: the title in kebab case, then the moment. */
export function dashboardFileName(
  title: string,
  format: DashboardDownloadFormat,
  now: Date,
): string {
  const stem =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'dashboard';
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '_');
  return `${stem}-${stamp}.${format === 'pdf' ? 'pdf' : 'jpg'}`;
}

/**
 * The pages an image of `width` × `height` points is cut into, each as tall as an A4 page of
 * that width: the vertical offset of the image on each page (0, -pageHeight, …).
 */
export function pdfPageOffsets(width: number, height: number): number[] {
  if (!(width > 0) || !(height > 0)) return [0];
  const pageHeight = width * A4_RATIO;
  const pages = Math.max(1, Math.ceil(height / pageHeight - 1e-9));
  return Array.from({ length: pages }, (_, i) => (i === 0 ? 0 : -i * pageHeight));
}

/** The charts' "…" menus are not part of the picture. */
function drawn(node: HTMLElement): boolean {
  if (node.classList?.contains('ant-dropdown-trigger')) return false;
  const label = node.getAttribute?.('aria-label');
  return !(label && label.startsWith('More options for'));
}

const BACKGROUND = '#f5f5f5';
/** The title band above the dashboard, in CSS pixels. */
const TITLE_BAND = 56;
const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

interface Picture {
  /** A JPEG data URL. */
  jpeg: string;
  width: number;
  height: number;
}

/** The dashboard drawn under a band with its title. */
async function pictureOf(element: HTMLElement, title: string): Promise<Picture> {
  const { toCanvas } = await import('html-to-image');
  const width = element.scrollWidth;
  const height = element.scrollHeight;
  const body = await toCanvas(element, {
    backgroundColor: BACKGROUND,
    width,
    height,
    filter: drawn,
  });
  const scale = body.width / Math.max(1, width);
  const band = Math.round(TITLE_BAND * scale);
  const canvas = document.createElement('canvas');
  canvas.width = body.width;
  canvas.height = body.height + band;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2D canvas');
  g.fillStyle = BACKGROUND;
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = 'rgba(0, 0, 0, 0.88)';
  g.font = `600 ${Math.round(20 * scale)}px ${FONT}`;
  g.textBaseline = 'middle';
  g.fillText(title, Math.round(8 * scale), band / 2, canvas.width - 16 * scale);
  g.drawImage(body, 0, band);
  return { jpeg: canvas.toDataURL('image/jpeg', 0.95), width: canvas.width, height: canvas.height };
}

function blobOfDataUrl(dataUrl: string): Blob {
  const [head, body = ''] = dataUrl.split(',', 2);
  const type = /data:([^;]+)/.exec(head ?? '')?.[1] ?? 'application/octet-stream';
  const bytes = atob(body);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) out[i] = bytes.charCodeAt(i);
  return new Blob([out], { type });
}

/** Draws `element` under its title and saves it as a JPEG or a PDF named after `title`. */
export async function downloadDashboard(
  element: HTMLElement,
  title: string,
  format: DashboardDownloadFormat,
): Promise<void> {
  const { jpeg, width, height } = await pictureOf(element, title);
  const name = dashboardFileName(title, format, new Date());
  if (format === 'image') {
    saveBlob(blobOfDataUrl(jpeg), name);
    return;
  }
  const { jsPDF } = await import('jspdf');
  const w = width * PT_PER_PX;
  const h = height * PT_PER_PX;
  const pageHeight = w * A4_RATIO;
  const pdf = new jsPDF({ unit: 'pt', format: [w, pageHeight], orientation: 'portrait' });
  pdfPageOffsets(w, h).forEach((y, i) => {
    if (i > 0) pdf.addPage([w, pageHeight], 'portrait');
    pdf.addImage(jpeg, 'JPEG', 0, y, w, h);
  });
  saveBlob(pdf.output('blob'), name);
}
