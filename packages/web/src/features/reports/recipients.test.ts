import { describe, expect, it } from 'vitest';
import {
  isEmailAddress,
  isHttpUrl,
  newRecipientSetting,
  recipientErrors,
  recipientsFromSettings,
  settingsFromRecipients,
  splitAddresses,
  splitChannels,
  unusedRecipientTypes,
} from './recipients';

describe('lists typed by hand', () => {
  it('splits addresses on commas, semicolons and spaces, once each', () => {
    expect(splitAddresses(' a@x.io, b@x.io;c@x.io\n d@x.io ,, A@X.io ')).toEqual([
      'a@x.io',
      'b@x.io',
      'c@x.io',
      'd@x.io',
    ]);
    expect(splitAddresses('  ')).toEqual([]);
  });

  it('drops the # of Slack channels', () => {
    expect(splitChannels('#alerts, ops ##team;#alerts')).toEqual(['alerts', 'ops', 'team']);
  });

  it('tells e-mail addresses and URLs', () => {
    expect(isEmailAddress('ada@example.com')).toBe(true);
    expect(isEmailAddress('admin@localhost')).toBe(true);
    expect(isEmailAddress('ada@example.123')).toBe(false);
    expect(isEmailAddress('ada@@example.com')).toBe(false);
    expect(isEmailAddress('.ada@example.com')).toBe(false);
    expect(isEmailAddress('Ada <ada@example.com>')).toBe(false);
    expect(isHttpUrl('https://hooks.example.com/x?y=1')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8080/')).toBe(true);
    expect(isHttpUrl('ftp://example.com/')).toBe(false);
    expect(isHttpUrl('example.com/hook')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('recipientErrors', () => {
  it('needs an address for e-mail and checks every field', () => {
    expect(recipientErrors(newRecipientSetting('Email'))).toEqual({
      target: 'Enter at least one e-mail address.',
    });
    expect(
      recipientErrors({
        ...newRecipientSetting('Email', 'a@x.io'),
        ccTarget: 'nope',
        bccTarget: 'b@, c@x..y',
      }),
    ).toEqual({
      ccTarget: 'nope is not a valid e-mail address.',
      bccTarget: 'Not valid e-mail addresses: b@, c@x..y.',
    });
    expect(recipientErrors(newRecipientSetting('Email', 'a@x.io; b@y.org'))).toEqual({});
  });

  it('checks Slack channels and webhook URLs', () => {
    expect(recipientErrors(newRecipientSetting('Slack', ' # '))).toEqual({
      target: 'Enter at least one Slack channel.',
    });
    expect(recipientErrors(newRecipientSetting('Slack', '#ok, bad!name'))).toEqual({
      target: 'Not a Slack channel name: bad!name.',
    });
    expect(recipientErrors(newRecipientSetting('Webhook', ''))).toEqual({
      target: 'Enter the URL the webhook posts to.',
    });
    expect(recipientErrors(newRecipientSetting('Webhook', 'hooks.example.com'))).toEqual({
      target: 'The webhook URL must start with http:// or https://.',
    });
    expect(recipientErrors(newRecipientSetting('Webhook', 'https://h.example.com/in'))).toEqual({});
  });
});

describe('recipients to and from the API', () => {
  it('reads stored recipients, bad JSON as empty fields', () => {
    const settings = settingsFromRecipients([
      {
        id: 1,
        type: 'Email',
        recipient_config_json: '{"target":"a@x.io","ccTarget":"c@x.io"}',
      },
      {
        id: 2,
        type: 'Webhook',
        recipient_config_json: '{"target":"https://h/","secret":"********"}',
      },
      { id: 3, type: 'Slack', recipient_config_json: 'not json' },
    ]);
    expect(settings.map(({ key: _key, ...s }) => s)).toEqual([
      { type: 'Email', target: 'a@x.io', ccTarget: 'c@x.io', bccTarget: '', secret: '' },
      { type: 'Webhook', target: 'https://h/', ccTarget: '', bccTarget: '', secret: '********' },
      { type: 'Slack', target: '', ccTarget: '', bccTarget: '', secret: '' },
    ]);
    expect(new Set(settings.map((s) => s.key)).size).toBe(3);
  });

  it('writes normalised targets and leaves empty settings out', () => {
    expect(
      recipientsFromSettings([
        { ...newRecipientSetting('Email', 'a@x.io;b@x.io '), bccTarget: ' z@x.io' },
        newRecipientSetting('Slack', '#alerts #ops'),
        { ...newRecipientSetting('Webhook', ' https://h.example.com/in '), secret: 's3cret' },
        newRecipientSetting('Email', '  '),
      ]),
    ).toEqual([
      { type: 'Email', recipient_config_json: { target: 'a@x.io, b@x.io', bccTarget: 'z@x.io' } },
      { type: 'Slack', recipient_config_json: { target: 'alerts,ops' } },
      {
        type: 'Webhook',
        recipient_config_json: { target: 'https://h.example.com/in', secret: 's3cret' },
      },
    ]);
  });

  it('offers each method once', () => {
    expect(unusedRecipientTypes([newRecipientSetting('Slack')])).toEqual(['Email', 'Webhook']);
    expect(unusedRecipientTypes([])).toEqual(['Email', 'Slack', 'Webhook']);
  });
});
