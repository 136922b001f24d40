import { describe, expect, it } from 'vitest';
import type { AsyncJobMetadata } from '@strata/core';
import { ApiError } from '../api/errors';
import {
  compareEventIds,
  eventsOfAnswer,
  isAsyncEvent,
  isAsyncJobMetadata,
  isFinal,
  isResultUrl,
  jobOutcome,
  parseSocketMessage,
} from './events';

const meta: AsyncJobMetadata = {
  channel_id: 'c1',
  job_id: 'j1',
  user_id: 1,
  status: 'pending',
  errors: [],
  result_url: null,
};
const done = {
  ...meta,
  id: '1700000000000-0',
  status: 'done' as const,
  result_url: '/api/v1/chart/data/abc',
};

describe('event ids', () => {
  it('orders ids by time, then sequence, as numbers (not text)', () => {
    expect(compareEventIds('1-0', '1-0')).toBe(0);
    expect(compareEventIds('9-0', '10-0')).toBeLessThan(0);
    expect(compareEventIds('10-2', '10-10')).toBeLessThan(0);
    expect(compareEventIds('1700000000001-0', '1700000000000-99')).toBeGreaterThan(0);
    // Beyond 2^53: still exact.
    expect(compareEventIds('99999999999999999999-1', '99999999999999999999-0')).toBeGreaterThan(0);
    expect(compareEventIds('007-0', '7-0')).toBe(0);
  });
});

describe('reading events', () => {
  it('accepts job metadata and events of the documented shape only', () => {
    expect(isAsyncJobMetadata(meta)).toBe(true);
    expect(isAsyncJobMetadata({ ...meta, user_id: null })).toBe(true);
    expect(isAsyncJobMetadata({ ...meta, job_id: '' })).toBe(false);
    expect(isAsyncJobMetadata({ ...meta, errors: [{ nope: 1 }] })).toBe(false);
    expect(isAsyncJobMetadata({ result: [] })).toBe(false);
    expect(isAsyncEvent(done)).toBe(true);
    expect(isAsyncEvent(meta)).toBe(false);
    expect(isAsyncEvent({ ...done, id: 'x' })).toBe(false);
  });

  it('parses a socket message holding one event, and nothing else', () => {
    expect(parseSocketMessage(JSON.stringify(done))).toEqual(done);
    expect(parseSocketMessage('{not json')).toBe(null);
    expect(parseSocketMessage(JSON.stringify({ result: [done] }))).toBe(null);
    expect(parseSocketMessage(new ArrayBuffer(2))).toBe(null);
  });

  it("keeps an events answer's well-formed events, in order", () => {
    const second = { ...done, id: '1700000000000-1', job_id: 'j2' };
    expect(eventsOfAnswer({ result: [done, { id: 'bad' }, second] })).toEqual([done, second]);
    expect(eventsOfAnswer({ result: 'x' })).toEqual([]);
    expect(eventsOfAnswer(null)).toEqual([]);
  });
});

describe('result addresses', () => {
  it('reads chart data results of this origin only', () => {
    expect(isResultUrl('/api/v1/chart/data/ejr-37281682')).toBe(true);
    expect(isResultUrl('/api/v1/chart/data/abc/')).toBe(true);
    expect(isResultUrl('https://elsewhere.example/api/v1/chart/data/abc')).toBe(false);
    expect(isResultUrl('//elsewhere.example/api/v1/chart/data/abc')).toBe(false);
    expect(isResultUrl('/api/v1/chart/data/../../logout/')).toBe(false);
    expect(isResultUrl('/api/v1/chart/data/')).toBe(false);
    expect(isResultUrl('/api/v1/dashboard/1')).toBe(false);
    expect(isResultUrl(null)).toBe(false);
  });
});

describe('a job’s outcome', () => {
  it('ends on done or error only', () => {
    expect(isFinal(meta)).toBe(false);
    expect(isFinal({ ...meta, status: 'running' })).toBe(false);
    expect(isFinal(done)).toBe(true);
    expect(isFinal({ ...meta, status: 'error' })).toBe(true);
  });

  it('gives the result address of a done job', () => {
    expect(jobOutcome(done)).toEqual({ resultUrl: '/api/v1/chart/data/abc' });
  });

  it('throws a failed job’s errors as the synchronous call’s error would be', () => {
    const errors = [
      { message: 'column "nope" does not exist', error_type: 'COLUMN_DOES_NOT_EXIST_ERROR' },
      { message: 'second' },
    ];
    const outcome = jobOutcome({ ...meta, status: 'error', errors });
    expect(outcome).toBeInstanceOf(ApiError);
    const e = outcome as ApiError;
    expect(e.message).toBe('column "nope" does not exist; second');
    expect(e.status).toBe(400);
    expect(e.body).toEqual({ errors });
  });

  it('treats a done job without a readable result address as failed', () => {
    expect(jobOutcome({ ...done, result_url: null })).toBeInstanceOf(ApiError);
    expect(jobOutcome({ ...done, result_url: 'https://x.example/' })).toBeInstanceOf(ApiError);
  });
});
