import { describe, expect, it } from 'vitest';
import { userFormValues, userPayload } from './userForm';

const values = {
  username: ' ada ',
  first_name: 'Ada ',
  last_name: ' Lovelace',
  email: 'ada@example.com ',
  password: 's3cret!',
  active: true,
  roles: [1, 2, 2],
};

describe('userPayload', () => {
  it('sends the password on create', () => {
    expect(userPayload(values, 'create')).toEqual({
      username: 'ada',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      active: true,
      roles: [1, 2],
      password: 's3cret!',
    });
  });

  it('leaves the password out of an edit unless a new one is typed', () => {
    expect(userPayload({ ...values, password: '' }, 'edit')).not.toHaveProperty('password');
    expect(userPayload(values, 'edit').password).toBe('s3cret!');
  });
});

describe('userFormValues', () => {
  it('fills the form from a user', () => {
    expect(
      userFormValues({
        id: 1,
        username: 'bob',
        first_name: null,
        active: false,
        roles: [{ id: 3, name: 'Gamma' }],
      }),
    ).toEqual({
      username: 'bob',
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      active: false,
      roles: [3],
    });
    expect(userFormValues(null).active).toBe(true);
  });
});
