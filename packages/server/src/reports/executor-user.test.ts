import { describe, expect, it } from 'vitest';
import { pickExecutor } from './executor-user.js';

describe('pickExecutor', () => {
  const people = { createdBy: 3, changedBy: 4, ownerIds: [7, 4, 3] };
  it('owner: the creator when an owner, else the modifier, else the lowest owner id', () => {
    expect(pickExecutor({ kind: 'owner' }, people)).toEqual({ userId: 3 });
    expect(pickExecutor({ kind: 'owner' }, { ...people, ownerIds: [7, 4] })).toEqual({ userId: 4 });
    expect(pickExecutor({ kind: 'owner' }, { ...people, ownerIds: [9, 7] })).toEqual({ userId: 7 });
    expect(pickExecutor({ kind: 'owner' }, { ...people, ownerIds: [] })).toBeNull();
  });
  it('creator, or a named user', () => {
    expect(pickExecutor({ kind: 'creator' }, people)).toEqual({ userId: 3 });
    expect(pickExecutor({ kind: 'creator' }, { ...people, createdBy: null })).toBeNull();
    expect(pickExecutor({ kind: 'user', username: 'robot' }, people)).toEqual({
      username: 'robot',
    });
  });
});
