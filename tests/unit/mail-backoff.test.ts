// The mail sender's retry maths and its settings: the waits double from the base up to an hour, a message gets its
// tries over hours (an SMTP server down for ten minutes loses nothing), and bad settings stop the start.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAIL_SENDER_SETTINGS,
  mailSenderSettings,
  RETRY_CAP_SECONDS,
  retryDelaySeconds,
  retrySchedule,
} from '@/lib/mail/settings';
import { sendFailure, MailRefusedError } from '@/lib/mail/transport';

const noJitter = () => 0;

describe('retryDelaySeconds', () => {
  it('doubles from the base after each failed try', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelaySeconds(n, 30, noJitter))).toEqual([30, 60, 120, 240, 480]);
  });

  it('never waits more than an hour between tries', () => {
    expect(retryDelaySeconds(9, 30, noJitter)).toBe(RETRY_CAP_SECONDS);
    expect(retryDelaySeconds(60, 30, noJitter)).toBe(RETRY_CAP_SECONDS);
  });

  it('adds at most a fifth at random, never less than the plain delay', () => {
    expect(retryDelaySeconds(3, 30, () => 0.999999)).toBeCloseTo(144, 3);
    for (let i = 0; i < 100; i++) {
      const d = retryDelaySeconds(4, 30);
      expect(d).toBeGreaterThanOrEqual(240);
      expect(d).toBeLessThanOrEqual(288);
    }
  });
});

describe('retrySchedule with the defaults', () => {
  const at = retrySchedule(DEFAULT_MAIL_SENDER_SETTINGS);

  it('gives ten tries, the last about three hours after the first', () => {
    expect(at).toHaveLength(10);
    expect(at.slice(0, 6)).toEqual([0, 30, 90, 210, 450, 930]);
    expect(at[9]).toBe(11_010);
  });

  it('keeps trying well past a ten-minute outage', () => {
    // A message that first fails when the server goes down still has tries left long after it is back.
    const afterOutage = at.filter((t) => t > 600);
    expect(afterOutage.length).toBeGreaterThanOrEqual(5);
  });
});

describe('mailSenderSettings', () => {
  it('has defaults that need no setting', () => {
    expect(mailSenderSettings({})).toEqual(DEFAULT_MAIL_SENDER_SETTINGS);
  });

  it('reads the knobs', () => {
    expect(
      mailSenderSettings({ MAIL_SENDER: 'OFF', MAIL_POLL_MS: '250', MAIL_RETRY_BASE_SECONDS: '0.5', MAIL_MAX_ATTEMPTS: '3' }),
    ).toEqual({ enabled: false, pollMs: 250, retryBaseSeconds: 0.5, maxAttempts: 3 });
    expect(mailSenderSettings({ MAIL_SENDER: 'on', MAIL_POLL_MS: '' }).pollMs).toBe(1000);
  });

  it('refuses bad values, naming each variable', () => {
    const bad = () => mailSenderSettings({ MAIL_SENDER: 'maybe', MAIL_POLL_MS: '1.5', MAIL_RETRY_BASE_SECONDS: '-1', MAIL_MAX_ATTEMPTS: 'ten' });
    expect(bad).toThrow(/MAIL_SENDER must be on or off/);
    expect(bad).toThrow(/MAIL_POLL_MS must be a whole number/);
    expect(bad).toThrow(/MAIL_RETRY_BASE_SECONDS must be a number from/);
    expect(bad).toThrow(/MAIL_MAX_ATTEMPTS must be a whole number/);
    expect(() => mailSenderSettings({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });
});

describe('sendFailure', () => {
  it('retries a busy server and an unreachable one, and tells them apart', () => {
    expect(sendFailure(Object.assign(new Error('Mail command failed: 451 4.3.2 Try again later'), { code: 'EENVELOPE', responseCode: 451 }))).toMatchObject({ permanent: false, unreachable: false });
    expect(sendFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET' }))).toMatchObject({ permanent: false, unreachable: true });
    expect(sendFailure(Object.assign(new Error('421 shutting down'), { code: 'EPROTOCOL', responseCode: 421 }))).toMatchObject({ permanent: false, unreachable: true });
  });

  it('gives up at once on a refusal no retry can change, but not on a wrong password', () => {
    expect(sendFailure(Object.assign(new Error('550 no such user'), { code: 'EENVELOPE', responseCode: 550 })).permanent).toBe(true);
    expect(sendFailure(new MailRefusedError('bad address')).permanent).toBe(true);
    expect(sendFailure(Object.assign(new Error('535 auth failed'), { code: 'EAUTH', responseCode: 535 })).permanent).toBe(false);
  });
});
