import { describe, expect, it } from 'vitest';
import { PAGE_CSP, pageCsp } from './security-headers.js';

describe('page CSP', () => {
  it('allows scripts from this origin only unless plugin origins are given', () => {
    expect(PAGE_CSP).toContain("script-src 'self';");
    expect(pageCsp(['https://cdn.example.com', 'http://127.0.0.1:9000'])).toContain(
      "script-src 'self' https://cdn.example.com http://127.0.0.1:9000;",
    );
    expect(pageCsp(['https://cdn.example.com'])).toContain("connect-src 'self';");
  });
});
