// The MPESA_* variables (server/app/config.ts): all or none, the callback
// token long enough for a secret, defaults, and no secret in any refusal.
import { describe, expect, it } from 'vitest';
import { loadConfig, parseMpesa } from '../../../app/config';

const FULL = {
  MPESA_CONSUMER_KEY: 'consumer-key-VALUE-1',
  MPESA_CONSUMER_SECRET: 'consumer-secret-VALUE-2',
  MPESA_SHORTCODE: '600984',
  MPESA_PASSKEY: 'passkey-VALUE-3',
  MPESA_CALLBACK_TOKEN: 'Tk_0123456789abcdefghijklmn',
};

describe('MPESA_*', () => {
  it('unset: no M-Pesa', () => {
    expect(parseMpesa({})).toBeUndefined();
    expect(loadConfig({}).mpesa).toBeUndefined();
  });

  it('all set: the defaults fill the rest', () => {
    expect(parseMpesa(FULL)).toEqual({
      consumerKey: FULL.MPESA_CONSUMER_KEY,
      consumerSecret: FULL.MPESA_CONSUMER_SECRET,
      shortcode: '600984',
      passkey: FULL.MPESA_PASSKEY,
      shortcodeType: 'paybill',
      callbackToken: FULL.MPESA_CALLBACK_TOKEN,
      baseUrl: 'https://api.safaricom.co.ke',
      allowedIps: [],
    });
    expect(
      parseMpesa({
        ...FULL,
        MPESA_SHORTCODE_TYPE: 'Till',
        MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke/',
        MPESA_ALLOWED_IPS: '196.201.214.200, 196.201.212.0/24',
      }),
    ).toMatchObject({
      shortcodeType: 'till',
      baseUrl: 'https://sandbox.safaricom.co.ke',
      allowedIps: ['196.201.214.200', '196.201.212.0/24'],
    });
  });

  it('a partial set is refused naming what is missing, never a value', () => {
    const { MPESA_PASSKEY: _passkey, ...partial } = FULL;
    expect(() => parseMpesa(partial)).toThrow(/MPESA_PASSKEY is not/);
    try {
      parseMpesa(partial);
    } catch (error) {
      expect(String(error)).not.toMatch(/VALUE/);
    }
  });

  it.each([
    [{ MPESA_CALLBACK_TOKEN: 'short-token' }, /MPESA_CALLBACK_TOKEN must have at least 24 characters/],
    [{ MPESA_CALLBACK_TOKEN: 'has/a/slash/0123456789abcdef' }, /only letters, digits/],
    [{ MPESA_SHORTCODE: '12' }, /MPESA_SHORTCODE/],
    [{ MPESA_SHORTCODE_TYPE: 'bank' }, /paybill or till/],
    [{ MPESA_BASE_URL: 'ftp://x' }, /MPESA_BASE_URL/],
    [{ MPESA_ALLOWED_IPS: '196.201.214.300' }, /MPESA_ALLOWED_IPS: "196.201.214.300"/],
  ])('%o is refused in words', (change, message) => {
    expect(() => parseMpesa({ ...FULL, ...change })).toThrow(message);
  });

  it('a refused token is not echoed', () => {
    expect(() => parseMpesa({ ...FULL, MPESA_CALLBACK_TOKEN: 'VALUE-short' })).toThrow(/^(?!.*VALUE).*$/s);
  });
});
