import { describe, expect, it } from 'vitest';
import {
  JSON_NOT_VALID,
  annotationPayload,
  jsonMetadataProblem,
  layerIdParam,
} from './annotationForm';

describe('annotation form', () => {
  it('accepts empty or valid JSON metadata and refuses the rest', () => {
    expect(jsonMetadataProblem('')).toBeNull();
    expect(jsonMetadataProblem('  ')).toBeNull();
    expect(jsonMetadataProblem(null)).toBeNull();
    expect(jsonMetadataProblem('{"a": 1}')).toBeNull();
    expect(jsonMetadataProblem('{a: 1}')).toBe(JSON_NOT_VALID);
  });

  it('trims the label and sends empty texts as null', () => {
    expect(
      annotationPayload({
        short_descr: '  Launch ',
        start: '2024-01-01T00:00:00.000Z',
        end: '2024-01-02T00:00:00.000Z',
        long_descr: '',
        json_metadata: ' ',
      }),
    ).toEqual({
      short_descr: 'Launch',
      start_dttm: '2024-01-01T00:00:00.000Z',
      end_dttm: '2024-01-02T00:00:00.000Z',
      long_descr: null,
      json_metadata: null,
    });
    expect(
      annotationPayload({
        short_descr: 'x',
        start: 's',
        end: 'e',
        long_descr: 'Why',
        json_metadata: '{}',
      }),
    ).toMatchObject({ long_descr: 'Why', json_metadata: '{}' });
  });

  it('reads the layer id of the address', () => {
    expect(layerIdParam('12')).toBe(12);
    expect(layerIdParam('0')).toBeNull();
    expect(layerIdParam('x')).toBeNull();
    expect(layerIdParam(undefined)).toBeNull();
  });
});
