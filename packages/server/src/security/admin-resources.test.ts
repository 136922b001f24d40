import { describe, expect, it } from 'vitest';
import { credentialsChange } from './admin-resources.js';

describe('credentialsChange', () => {
  const none = {
    passwordChanged: false,
    activeBefore: true,
    activeAfter: undefined,
    rolesBefore: [1, 2],
    rolesAfter: undefined,
  };

  it('revokes on a new password, a change of active either way, or another set of roles', () => {
    expect(credentialsChange({ ...none, passwordChanged: true })).toBe(true);
    expect(credentialsChange({ ...none, activeAfter: false })).toBe(true);
    expect(credentialsChange({ ...none, activeBefore: false, activeAfter: true })).toBe(true);
    expect(credentialsChange({ ...none, rolesAfter: [1] })).toBe(true);
    expect(credentialsChange({ ...none, rolesAfter: [1, 3] })).toBe(true);
    expect(credentialsChange({ ...none, rolesAfter: [1, 2, 3] })).toBe(true);
  });

  it('does not revoke when nothing that grants access changed', () => {
    expect(credentialsChange(none)).toBe(false);
    expect(credentialsChange({ ...none, activeAfter: true })).toBe(false);
    expect(credentialsChange({ ...none, rolesAfter: [2, 1, 2] })).toBe(false);
  });
});
