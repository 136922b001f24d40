import { describe, expect, it } from 'vitest';
import { sameOrigin } from './ws.js';

describe('sameOrigin', () => {
  it('accepts the own host, a proxy-forwarded host and no Origin (not a browser)', () => {
    expect(sameOrigin({ host: 'bi.example.com', origin: 'https://bi.example.com' })).toBe(true);
    expect(sameOrigin({ host: '127.0.0.1:8088', origin: 'http://127.0.0.1:8088' })).toBe(true);
    expect(
      sameOrigin({
        host: '127.0.0.1:8088',
        'x-forwarded-host': 'bi.example.com',
        origin: 'https://BI.example.com',
      }),
    ).toBe(true);
    expect(sameOrigin({ host: 'bi.example.com' })).toBe(true);
  });

  it('refuses another host, port or scheme, and opaque origins', () => {
    expect(sameOrigin({ host: 'bi.example.com', origin: 'https://evil.example.com' })).toBe(false);
    expect(sameOrigin({ host: 'bi.example.com', origin: 'https://bi.example.com:444' })).toBe(
      false,
    );
    expect(sameOrigin({ host: 'bi.example.com', origin: 'null' })).toBe(false);
    expect(sameOrigin({ host: 'bi.example.com', origin: 'file://bi.example.com' })).toBe(false);
    expect(sameOrigin({ origin: 'https://bi.example.com' })).toBe(false);
  });
});
