import { describe, expect, it } from 'vitest';
import { dashboardFileName, pdfPageOffsets } from './dashboardDownload';

describe('dashboard download', () => {
  const now = new Date('2026-11-26T10:04:05.123Z');

  it('names the file after the title in kebab case and the moment', () => {
    expect(dashboardFileName('Sales Dashboard', 'image', now)).toBe(
      'sales-dashboard-2026-11-26T10_04_05.jpg',
    );
    expect(dashboardFileName('COVID Vaccine Dashboard', 'pdf', now)).toBe(
      'covid-vaccine-dashboard-2026-11-26T10_04_05.pdf',
    );
    expect(dashboardFileName('  Ünïcode / ../etc  ', 'pdf', now)).toBe(
      'unicode-etc-2026-11-26T10_04_05.pdf',
    );
    expect(dashboardFileName('🚀', 'image', now)).toBe('dashboard-2026-11-26T10_04_05.jpg');
  });

  it('cuts a tall picture into A4-proportioned pages', () => {
    expect(pdfPageOffsets(210, 297)).toEqual([0]);
    expect(pdfPageOffsets(210, 100)).toEqual([0]);
    const three = pdfPageOffsets(210, 297 * 2 + 1);
    expect(three).toHaveLength(3);
    expect(three[1]).toBeCloseTo(-297);
    expect(three[2]).toBeCloseTo(-594);
    expect(pdfPageOffsets(0, 100)).toEqual([0]);
  });
});
