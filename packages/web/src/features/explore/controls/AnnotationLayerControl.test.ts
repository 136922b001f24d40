import { describe, expect, it } from 'vitest';
import { annotationLayerValid } from './AnnotationLayerControl';

describe('annotation layer validity', () => {
  it('needs a name and a formula, or a source and a value', () => {
    expect(
      annotationLayerValid({ name: 'f', annotationType: 'FORMULA', value: '2*x', show: true }),
    ).toBe(true);
    expect(
      annotationLayerValid({ name: '', annotationType: 'FORMULA', value: '2*x', show: true }),
    ).toBe(false);
    expect(
      annotationLayerValid({ name: 'f', annotationType: 'FORMULA', value: ' ', show: true }),
    ).toBe(false);
    expect(
      annotationLayerValid({
        name: 'e',
        annotationType: 'EVENT',
        sourceType: 'NATIVE',
        value: 3,
        show: true,
      }),
    ).toBe(true);
    expect(
      annotationLayerValid({
        name: 'e',
        annotationType: 'EVENT',
        sourceType: 'NATIVE',
        value: null,
        show: true,
      }),
    ).toBe(false);
  });
});
