import { describe, expect, it } from 'vitest';
import { avatarColor, initials, personName } from './people';

describe('people', () => {
  it('makes initials', () => {
    expect(initials({ first_name: 'ada', last_name: 'Lovelace' })).toBe('AL');
    expect(initials({ first_name: 'Ada', last_name: '' })).toBe('A');
    expect(initials({ username: 'root' })).toBe('R');
    expect(initials({})).toBe('?');
  });

  it('names people', () => {
    expect(personName({ first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(personName({ username: 'admin' })).toBe('admin');
    expect(personName(null)).toBe('');
  });

  it('gives the same colour to the same person', () => {
    expect(avatarColor({ id: 3 })).toBe(avatarColor({ id: 3 }));
    expect(avatarColor({ first_name: 'X' })).toMatch(/^#/);
  });
});
