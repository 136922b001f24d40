/**
 * What a report's content amounts to, whatever the channel: the files of the PNG, PDF and CSV
 * formats (named after the report); TEXT has its table instead. A run may carry no part at all
 * (an alert without a chart or dashboard): then the message alone is sent.
 */
import { safeFileName } from './text.js';
import type { NotificationContent } from './types.js';

export interface ReportFile {
  /** `<report name>.png` (`-1`, `-2`… for several screenshots), `.pdf`, `.csv`; safe. */
  filename: string;
  /** The report's name (with ` (n)` for several screenshots): a title where one is shown. */
  title: string;
  mediaType: 'image/png' | 'application/pdf' | 'text/csv';
  bytes: Buffer;
}

/** The files of `content` for its format (none for TEXT); parts of other formats are ignored. */
export function reportFiles(content: NotificationContent): ReportFile[] {
  switch (content.format) {
    case 'PNG': {
      const shots = content.screenshots ?? [];
      return shots.map((bytes, i) => {
        const n = shots.length > 1 ? i + 1 : null;
        return {
          filename: safeFileName(n === null ? content.name : `${content.name}-${n}`, 'png'),
          title: n === null ? content.name : `${content.name} (${n})`,
          mediaType: 'image/png',
          bytes,
        };
      });
    }
    case 'PDF':
      return content.pdf
        ? [
            {
              filename: safeFileName(content.name, 'pdf'),
              title: content.name,
              mediaType: 'application/pdf',
              bytes: content.pdf,
            },
          ]
        : [];
    case 'CSV':
      return content.csv
        ? [
            {
              filename: safeFileName(content.name, 'csv'),
              title: content.name,
              mediaType: 'text/csv',
              bytes: content.csv,
            },
          ]
        : [];
    case 'TEXT':
      return [];
  }
}
