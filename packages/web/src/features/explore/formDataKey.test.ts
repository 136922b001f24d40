import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../app/api';
import { browserTabId, exploreAddress, formDataPayload, storeFormData } from './formDataKey';

const fd = { datasource: '3__table', viz_type: 'pie', url_params: { a: '1' }, slice_id: 7 };

describe('explore form data keys', () => {
  it('stores the form data without url_params, with the chart id', () => {
    const body = formDataPayload(fd);
    expect(body).toMatchObject({ datasource_id: 3, datasource_type: 'table', chart_id: 7 });
    expect(JSON.parse(body.form_data as string)).toEqual({
      datasource: '3__table',
      viz_type: 'pie',
      slice_id: 7,
    });
  });

  it('builds the address', () => {
    expect(exploreAddress('abc', 7)).toBe('/explore/?form_data_key=abc&slice_id=7');
    expect(exploreAddress('abc', undefined)).toBe('/explore/?form_data_key=abc');
  });

  it('keeps a tab id per browser tab', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => map.set(k, v),
    } as unknown as Storage;
    const id = browserTabId(storage);
    expect(browserTabId(storage)).toBe(id);
    expect(browserTabId(null)).toMatch(/^\d+$/);
  });

  it('puts under the known key, and posts a new one when the put fails', async () => {
    const put = vi
      .fn()
      .mockRejectedValueOnce(new Error('404'))
      .mockResolvedValue({ message: 'ok' });
    const post = vi.fn().mockResolvedValue({ key: 'new' });
    const api = { put, post } as unknown as ApiClient;
    expect(await storeFormData(api, 'old', fd, '5')).toBe('new');
    expect(post).toHaveBeenCalledWith('/api/v1/explore/form_data?tab_id=5', expect.any(Object));
    expect(await storeFormData(api, 'old', fd, '5')).toBe('old');
    expect(put).toHaveBeenLastCalledWith(
      '/api/v1/explore/form_data/old?tab_id=5',
      expect.any(Object),
    );
  });
});
