import { describe, expect, it } from 'vitest';
import { SecretBox } from '../crypto/secret-box.js';
import { KeyRing } from '../security/keys.js';
import {
  maskedConfigText,
  parseStoredConfig,
  RecipientSecretError,
  SECRET_MASK,
  sealRecipients,
  type StoredRecipient,
} from './recipients.js';

const box = new SecretBox(new KeyRing('k'.repeat(40)));
const hook = (target: string, secret?: string) => ({
  type: 'Webhook' as const,
  recipient_config_json: secret === undefined ? { target } : { target, secret },
});

describe('recipient secrets', () => {
  it('seals a webhook secret and never shows it back', () => {
    const [sealed] = sealRecipients(box, [hook('https://a.example/in', 's3cret')], []);
    expect(sealed!.config.secret_encrypted).toMatch(/^v1:/);
    expect(JSON.stringify(sealed)).not.toContain('s3cret');
    expect(box.decrypt(sealed!.config.secret_encrypted!)).toBe('s3cret');
    expect(JSON.parse(maskedConfigText(JSON.stringify(sealed!.config)))).toEqual({
      target: 'https://a.example/in',
      secret: SECRET_MASK,
    });
  });

  it('keeps the stored secret when the mask comes back, and drops it when emptied', () => {
    const stored: StoredRecipient[] = sealRecipients(
      box,
      [hook('https://a.example/in', 'one'), hook('https://b.example/in', 'two')],
      [],
    );
    const again = sealRecipients(
      box,
      [hook('https://b.example/in', SECRET_MASK), hook('https://a.example/in', '')],
      stored,
    );
    expect(box.decrypt(again[0]!.config.secret_encrypted!)).toBe('two');
    expect(again[1]!.config.secret_encrypted).toBeUndefined();
    // One webhook whose URL changed keeps the only stored secret.
    const moved = sealRecipients(box, [hook('https://c.example/in', SECRET_MASK)], [stored[0]!]);
    expect(box.decrypt(moved[0]!.config.secret_encrypted!)).toBe('one');
    // A mask with nothing stored to keep is refused.
    expect(() => sealRecipients(box, [hook('https://c.example/in', SECRET_MASK)], [])).toThrow(
      RecipientSecretError,
    );
  });

  it('keeps no secret on e-mail or Slack recipients and reads stored text leniently', () => {
    const [mail] = sealRecipients(
      box,
      [{ type: 'Email', recipient_config_json: { target: 'a@x.org', secret: 'x' } }],
      [],
    );
    expect(mail!.config).toEqual({ target: 'a@x.org' });
    expect(parseStoredConfig('not json')).toEqual({ target: '' });
    expect(parseStoredConfig('{"target":"a@x.org","ccTarget":"b@x.org"}')).toEqual({
      target: 'a@x.org',
      ccTarget: 'b@x.org',
    });
  });
});
