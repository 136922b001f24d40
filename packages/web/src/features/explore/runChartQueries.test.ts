import { describe, expect, it, vi } from 'vitest';
import type { QueryFormData } from '@strata/core';
import type * as ApiModule from '../../app/api';

const postStream = vi.fn<(path: string, body: unknown) => Promise<Response>>();
vi.mock('../../app/api', async (importOriginal) => {
  const original = await importOriginal<typeof ApiModule>();
  return { ...original, api: { ...original.api, postStream } };
});

const { ApiError } = await import('../../app/api');
const { batchLineOutcome, lineSplitter, parseBatchLine, runChartQueries, CHART_DATA_BATCH_URL } =
  await import('./runChartQueries');

/** A streamed answer delivering `chunks` one by one. */
function streamed(chunks: string[]): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]));
      else controller.close();
    },
  });
  return new Response(body, { status: 200 });
}

const table = (state: string): QueryFormData =>
  ({
    datasource: '1__table',
    viz_type: 'table',
    groupby: ['state'],
    metrics: ['count'],
    adhoc_filters: [
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'state',
        operator: '==',
        comparator: state,
      },
    ],
  }) as unknown as QueryFormData;

describe('lineSplitter', () => {
  it('gives complete lines across chunks and keeps the unfinished one', () => {
    const s = lineSplitter();
    expect(s.push('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(s.push(':2}\n\n{"c":3')).toEqual(['{"b":2}']);
    expect(s.end()).toEqual(['{"c":3']);
    expect(s.end()).toEqual([]);
  });
});

describe('parseBatchLine', () => {
  it('reads index, status and body, and refuses anything else', () => {
    expect(parseBatchLine('{"index":2,"status":200,"body":{"result":[]}}')).toEqual({
      index: 2,
      status: 200,
      body: { result: [] },
    });
    expect(parseBatchLine('not json')).toBeNull();
    expect(parseBatchLine('{"index":"1","status":200}')).toBeNull();
    expect(parseBatchLine('{"index":1.5,"status":200}')).toBeNull();
    expect(parseBatchLine('[1]')).toBeNull();
  });
});

describe('batchLineOutcome', () => {
  it('gives the result frozen, or the error the single call would throw', () => {
    const ok = batchLineOutcome({
      index: 0,
      status: 200,
      body: { result: [{ data: [{ a: 1 }], rowcount: 1 }] },
    });
    expect(Array.isArray(ok)).toBe(true);
    expect(Object.isFrozen(ok)).toBe(true);
    const notFound = batchLineOutcome({ index: 0, status: 404, body: { message: 'Not found' } });
    expect(notFound).toBeInstanceOf(ApiError);
    expect((notFound as InstanceType<typeof ApiError>).message).toBe('Not found');
    expect((notFound as InstanceType<typeof ApiError>).status).toBe(404);
    // A success without a result is not one.
    const odd = batchLineOutcome({ index: 0, status: 200, body: {} });
    expect((odd as InstanceType<typeof ApiError>).status).toBe(500);
  });
});

describe('runChartQueries', () => {
  it('sends every chart in one call and settles each as its line arrives', async () => {
    postStream.mockResolvedValueOnce(
      streamed([
        '{"index":1,"status":200,"body":{"result":[{"data":[{"state":"NY"}]}]}}\n{"ind',
        'ex":0,"status":404,"body":{"message":"Not found"}}\n',
      ]),
    );
    const [first, second] = runChartQueries(
      [{ formData: table('CA') }, { formData: table('NY'), options: { force: true } }],
      new AbortController().signal,
    );
    await expect(second).resolves.toEqual([{ data: [{ state: 'NY' }] }]);
    await expect(first).rejects.toMatchObject({ message: 'Not found', status: 404 });
    expect(postStream).toHaveBeenCalledTimes(1);
    const [path, body] = postStream.mock.calls[0]!;
    expect(path).toBe(CHART_DATA_BATCH_URL);
    const contexts = (body as { contexts: Array<Record<string, unknown>> }).contexts;
    expect(contexts).toHaveLength(2);
    expect(JSON.stringify(contexts[0])).toContain('"CA"');
    expect(contexts[1]!.force).toBe(true);
  });

  it('fails a chart whose query cannot be built alone, and charts left without a line', async () => {
    postStream.mockResolvedValueOnce(streamed([]));
    const [bad, lost] = runChartQueries(
      [{ formData: { ...table('CA'), viz_type: 'no_such_chart' } }, { formData: table('NY') }],
      new AbortController().signal,
    );
    await expect(bad).rejects.toThrow('This visualization type is not supported.');
    await expect(lost).rejects.toMatchObject({ message: 'Network error.' });
    // Only the chart that could be built was sent.
    const { contexts } = postStream.mock.calls.at(-1)![1] as { contexts: unknown[] };
    expect(contexts).toHaveLength(1);
  });

  it('fails every chart when the call fails', async () => {
    postStream.mockRejectedValueOnce(new ApiError('Forbidden', 403));
    const results = runChartQueries(
      [{ formData: table('CA') }, { formData: table('NY') }],
      new AbortController().signal,
    );
    for (const r of results) await expect(r).rejects.toMatchObject({ status: 403 });
  });
});
