import { describe, expect, it } from 'vitest';
import type { PermissionPair } from '@strata/core';
import { explorePermissions } from './explorePermissions';
import type { ExploreSlice } from './types';

const user = (userId: number, pairs: PermissionPair[]) => ({ userId, roles: { Custom: pairs } });
const slice = (owners: number[]) => ({ slice_id: 1, slice_name: 'c', owners }) as ExploreSlice;

describe('what the user may do in Explore', () => {
  it('saves with can_write on Chart, overwrites only as an owner, downloads with can_csv', () => {
    const writer = user(7, [
      ['can_write', 'Chart'],
      ['can_csv', 'Superset'],
    ]);
    expect(explorePermissions(writer, slice([7]))).toEqual({
      canSave: true,
      canOverwrite: true,
      canDownload: true,
    });
    expect(explorePermissions(writer, slice([8])).canOverwrite).toBe(false);
    expect(explorePermissions(writer, null).canOverwrite).toBe(false);
  });

  it('gives nothing without the permissions, even to an owner', () => {
    const reader = user(7, [['can_read', 'Chart']]);
    expect(explorePermissions(reader, slice([7]))).toEqual({
      canSave: false,
      canOverwrite: false,
      canDownload: false,
    });
    expect(explorePermissions(null, null).canSave).toBe(false);
  });
});
