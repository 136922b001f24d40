import { describe, expect, it } from 'vitest';
import { CategoricalColorScale } from './scale.js';
import {
  categoricalScheme,
  isValidCategoricalScheme,
  sequentialColor,
  sequentialScheme,
} from './schemes.js';

describe('colour schemes', () => {
  it('fall back to the defaults for unknown ids', () => {
    expect(categoricalScheme('nope').id).toBe('supersetColors');
    expect(sequentialScheme(undefined).id).toBe('superset_seq_1');
    expect(isValidCategoricalScheme('d3Category10')).toBe(true);
    expect(isValidCategoricalScheme('nope')).toBe(false);
  });

  it('interpolates sequential colours between stops', () => {
    expect(sequentialColor('white_black', 0)).toBe('#FFFFFF');
    expect(sequentialColor('white_black', 1)).toBe('#000000');
    expect(sequentialColor('white_black', 0.5)).toBe('#808080');
    expect(sequentialColor('white_black', 7)).toBe('#000000');
  });
});

describe('CategoricalColorScale', () => {
  it('keeps a colour per label in scheme order, with forced colours first', () => {
    const scale = new CategoricalColorScale('d3Category10', { boys: '#000000' });
    expect(scale.getColor('girls')).toBe('#1f77b4');
    expect(scale.getColor('boys')).toBe('#000000');
    expect(scale.getColor('other')).toBe('#ff7f0e');
    expect(scale.getColor('girls')).toBe('#1f77b4');
  });

  it('shares colours across scales through a shared map', () => {
    const shared = new Map<string, string>();
    const a = new CategoricalColorScale('d3Category10', {}, shared);
    const b = new CategoricalColorScale('d3Category10', {}, shared);
    expect(a.getColor('x')).toBe('#1f77b4');
    expect(b.getColor('y')).toBe('#ff7f0e');
    expect(b.getColor('x')).toBe('#1f77b4');
  });

  it('records first colours in a writable label map (a dashboard) so charts agree', () => {
    const dashboard: Record<string, string> = { fixed: '#000000' };
    const a = new CategoricalColorScale('d3Category10', dashboard);
    const b = new CategoricalColorScale('d3Category10', dashboard);
    expect(a.getColor('boy')).toBe('#1f77b4');
    expect(b.getColor('girl')).toBe('#ff7f0e');
    expect(b.getColor('boy')).toBe('#1f77b4');
    expect(dashboard).toEqual({ fixed: '#000000', boy: '#1f77b4', girl: '#ff7f0e' });
    const frozen = Object.freeze({ fixed: '#000000' });
    expect(new CategoricalColorScale('d3Category10', frozen).getColor('x')).toBe('#1f77b4');
    expect(frozen).toEqual({ fixed: '#000000' });
  });
});
