import { describe, expect, it, vi } from 'vitest';
import type * as ApiModule from '../../app/api';

const postStream = vi.fn<(path: string, body: unknown) => Promise<Response>>();
vi.mock('../../app/api', async (importOriginal) => {
  const original = await importOriginal<typeof ApiModule>();
  return { ...original, api: { ...original.api, postStream } };
});

const { ApiError } = await import('../../app/api');
const { postChartData, CHART_DATA_URL } = await import('./chartData');

describe('the chart data call', () => {
  it('reads the answer of a query context', async () => {
    postStream.mockResolvedValueOnce(
      new Response('{"result":[{"data":[{"n":1}],"rowcount":1}]}', { status: 200 }),
    );
    const answer = await postChartData({ queries: [{}] });
    expect(postStream.mock.calls.at(-1)?.[0]).toBe(CHART_DATA_URL);
    expect(answer.result[0]?.data).toEqual([{ n: 1 }]);
  });

  it('takes a 204 without a body as a success with no data', async () => {
    postStream.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(postChartData({ queries: [] })).resolves.toEqual({ result: [] });
  });

  it('refuses a 200 that is not a chart data answer', async () => {
    postStream.mockResolvedValueOnce(new Response('', { status: 200 }));
    await expect(postChartData({ queries: [] })).rejects.toBeInstanceOf(ApiError);
  });
});
