import { describe, expect, it } from 'vitest';
import { KeyRing } from '../security/keys.js';
import { makePrincipal } from '../security/principal.js';
import { asyncChannelId, isChannelId } from './channel.js';

const user = (id: number, tokenGeneration = 0) =>
  makePrincipal(
    {
      id,
      username: `u${id}`,
      first_name: '',
      last_name: '',
      email: '',
      active: true,
      tokenGeneration,
    },
    {},
  );
const anonymous = makePrincipal(
  {
    id: 0,
    username: '',
    first_name: '',
    last_name: '',
    email: '',
    active: true,
    isAnonymous: true,
  },
  {},
);

describe('asyncChannelId', () => {
  const keys = new KeyRing('k'.repeat(40));

  it('is 32 hex characters of the session for cookie sessions', () => {
    const a = asyncChannelId(keys, {
      authMethod: 'cookie',
      sessionId: 'a'.repeat(64),
      principal: user(1),
    });
    const b = asyncChannelId(keys, {
      authMethod: 'cookie',
      sessionId: 'b'.repeat(64),
      principal: user(1),
    });
    expect(isChannelId(a)).toBe(true);
    expect(a).not.toBe(b);
    // Bound to the session, not the user: the same session gives the same channel.
    expect(
      asyncChannelId(keys, { authMethod: 'cookie', sessionId: 'a'.repeat(64), principal: user(1) }),
    ).toBe(a);
  });

  it('is of the user and token generation for Bearer tokens', () => {
    const one = asyncChannelId(keys, { authMethod: 'bearer', sessionId: null, principal: user(1) });
    expect(isChannelId(one)).toBe(true);
    expect(
      asyncChannelId(keys, { authMethod: 'bearer', sessionId: null, principal: user(2) }),
    ).not.toBe(one);
    expect(
      asyncChannelId(keys, { authMethod: 'bearer', sessionId: null, principal: user(1, 1) }),
    ).not.toBe(one);
  });

  it('depends on the secret key', () => {
    const src = { authMethod: 'bearer' as const, sessionId: null, principal: user(1) };
    expect(asyncChannelId(new KeyRing('z'.repeat(40)), src)).not.toBe(asyncChannelId(keys, src));
  });

  it('is null for anonymous requests', () => {
    expect(
      asyncChannelId(keys, { authMethod: 'none', sessionId: null, principal: anonymous }),
    ).toBeNull();
    expect(
      asyncChannelId(keys, { authMethod: 'cookie', sessionId: null, principal: user(1) }),
    ).toBeNull();
  });
});
