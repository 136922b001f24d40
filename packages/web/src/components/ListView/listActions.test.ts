import { describe, expect, it } from 'vitest';
import {
  deletedMessage,
  favoriteMap,
  fetchListErrorMessage,
  isDeleteConfirmed,
  namesOf,
} from './listActions';

describe('list actions', () => {
  it('accepts DELETE in any case', () => {
    expect(isDeleteConfirmed('DELETE')).toBe(true);
    expect(isDeleteConfirmed(' delete ')).toBe(true);
    expect(isDeleteConfirmed('DEL')).toBe(false);
    expect(isDeleteConfirmed('')).toBe(false);
  });

  it('names deleted rows with the spec texts', () => {
    const rows = [
      { id: 1, name: 'One' },
      { id: 2, name: 'Two' },
    ];
    expect(deletedMessage(namesOf(rows, [2, 1, 9], (r) => r.name))).toBe('Deleted: Two, One, 9');
    expect(fetchListErrorMessage('dashboards', 'Forbidden')).toBe(
      'An error occurred while fetching dashboards: Forbidden',
    );
    expect(fetchListErrorMessage('saved queries', 'x')).toBe(
      'An error occurred while fetching saved queries: x',
    );
  });

  it('maps favourite status by id', () => {
    expect(
      favoriteMap({
        result: [
          { id: 1, value: true },
          { id: 2, value: false },
        ],
      }),
    ).toEqual({ '1': true, '2': false });
  });
});
