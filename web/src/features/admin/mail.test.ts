import { describe, expect, it } from 'vitest';

import type { MailSettings } from '@/lib/api/types';

import {
  anyWaiting,
  canDrop,
  canRetry,
  checkMailForm,
  describeServer,
  formValuesOf,
  kindLabel,
  mailSettingsChange,
  statusLabel,
} from './mail';

const saved: MailSettings = {
  enabled: true,
  smtpUrl: 'smtp://litstack@mail.doe-injury.test:587',
  host: 'mail.doe-injury.test',
  port: 587,
  security: 'starttls',
  username: 'litstack',
  hasPassword: true,
  from: 'Litstack <litstack@doe-injury.test>',
  allowPlain: false,
};

describe('the mail settings form', () => {
  it('starts from the saved settings, with the password field empty', () => {
    expect(formValuesOf(saved)).toEqual({
      smtpUrl: 'smtp://litstack@mail.doe-injury.test:587',
      password: '',
      from: 'Litstack <litstack@doe-injury.test>',
      allowPlain: false,
    });
    expect(formValuesOf({ enabled: false, hasPassword: false, allowPlain: false })).toEqual({
      smtpUrl: '',
      password: '',
      from: '',
      allowPlain: false,
    });
  });

  it('leaves the password out when the field is empty, so the saved one is kept', () => {
    const change = mailSettingsChange({ ...formValuesOf(saved), smtpUrl: '  smtp://a@b.test:25 ' });
    expect(change).toEqual({ smtpUrl: 'smtp://a@b.test:25', from: 'Litstack <litstack@doe-injury.test>', allowPlain: false });
    expect('password' in change).toBe(false);
    expect(mailSettingsChange({ ...formValuesOf(saved), password: ' new secret ', allowPlain: true })).toMatchObject({
      password: ' new secret ',
      allowPlain: true,
    });
  });

  it('asks for an smtp:// or smtps:// address and a From address', () => {
    expect(checkMailForm(formValuesOf(saved))).toEqual({});
    expect(checkMailForm({ smtpUrl: '', password: '', from: '', allowPlain: false })).toEqual({
      smtpUrl: expect.stringContaining('smtp://user@mail.example.com:587'),
      from: expect.stringContaining('Litstack <litstack@yourfirm.com>'),
    });
    expect(checkMailForm({ ...formValuesOf(saved), smtpUrl: 'mail.example.com:587' }).smtpUrl).toMatch(/smtp:\/\/ .*smtps:\/\//);
    expect(checkMailForm({ ...formValuesOf(saved), smtpUrl: 'SMTPS://mail.example.com' })).toEqual({});
  });

  it('says where mail goes, or nothing when it is off', () => {
    expect(describeServer(saved)).toBe('mail.doe-injury.test:587, STARTTLS, required');
    expect(describeServer({ ...saved, port: null, security: 'tls' })).toBe('mail.doe-injury.test, TLS from the first byte (smtps)');
    expect(describeServer({ ...saved, enabled: false })).toBeNull();
  });
});

describe('the outbox', () => {
  it('names kinds and statuses in words', () => {
    expect(kindLabel('passwordReset')).toBe('Password reset');
    expect(kindLabel('invitation')).toBe('Invitation');
    expect(statusLabel('failed')).toBe('Failed');
  });

  it('offers Retry and Drop on queued and failed messages only', () => {
    for (const status of ['queued', 'failed'] as const) {
      expect(canRetry({ status })).toBe(true);
      expect(canDrop({ status })).toBe(true);
    }
    for (const status of ['sent', 'dropped'] as const) {
      expect(canRetry({ status })).toBe(false);
      expect(canDrop({ status })).toBe(false);
    }
  });

  it('asks again while a message waits', () => {
    expect(anyWaiting([{ status: 'sent' }, { status: 'queued' }])).toBe(true);
    expect(anyWaiting([{ status: 'sent' }, { status: 'failed' }])).toBe(false);
    expect(anyWaiting([])).toBe(false);
  });
});
