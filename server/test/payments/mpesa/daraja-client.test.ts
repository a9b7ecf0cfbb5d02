// The Daraja client against Prism serving our contract (every request it sends must validate, or Prism
// refuses it), the STK password and Nairobi timestamp from a fixed clock, the token kept until shortly
// before it expires, and Daraja's errors in words that never carry a secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startMpesaMock } from '../../../../common/mpesa/prism-mock';
import type { PrismProcess } from '../../../../common/dev/prism';
import {
  DARAJA_PRODUCTION_URL,
  DARAJA_SANDBOX_URL,
  DarajaError,
  DarajaInputError,
  TOKEN_MARGIN_MS,
  createDarajaClient,
  darajaMsisdn,
  darajaTimestamp,
  stkPassword,
  type DarajaClientOptions,
} from '../../../payments/mpesa/daraja-client';

// Safaricom's public sandbox shortcode and passkey (the Daraja portal shows them to everyone).
const SHORTCODE = '174379';
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
const KEY = 'consumer-KEY-4f9a1c7e2b';
const SECRET = 'consumer-SECRET-8d3e6a0b5c';
/** 09:00:00 UTC is 12:00:00 in Nairobi. */
const FIXED = new Date('2026-01-15T09:00:00Z');
const CALLBACK = 'https://shop.example.co.ke/webhooks/mpesa/7Qx2sLk9Vb3nRt8wZ4mYp6Hc/stk';

const push = {
  phone: '0712 345 678',
  amount: 20_700,
  accountReference: 'Q-2026-0042',
  description: 'Quote Q-42',
  callbackUrl: CALLBACK,
};

describe('the STK password and timestamp', () => {
  it('writes the timestamp in Nairobi time, whatever the machine’s zone', () => {
    expect(darajaTimestamp(FIXED)).toBe('20260115120000');
    // Past midnight in Nairobi while still the day before in UTC.
    expect(darajaTimestamp(new Date('2025-12-31T21:30:05Z'))).toBe('20260101003005');
  });

  it('is base64 of shortcode, passkey and timestamp (the contract’s example)', () => {
    const password = stkPassword(SHORTCODE, PASSKEY, '20260115120000');
    expect(Buffer.from(password, 'base64').toString()).toBe(`${SHORTCODE}${PASSKEY}20260115120000`);
    expect(password).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjYwMTE1MTIwMDAw',
    );
  });

  it.each([
    ['0712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['254112345678', '254112345678'],
    ['0112345678', '254112345678'],
    ['712345678', '254712345678'],
    ['0812345678', undefined],
    ['25471234567', undefined],
  ])('reads %s as %s', (phone, msisdn) => {
    expect(darajaMsisdn(phone)).toBe(msisdn);
  });
});

/** A client whose requests are recorded, answering with `answer` (no network). */
function recordingClient(answer: (request: Request) => Response, extra: Partial<DarajaClientOptions> = {}) {
  const requests: { request: Request; body: string }[] = [];
  let clock = FIXED.getTime();
  const client = createDarajaClient({
    baseUrl: 'https://daraja.test',
    consumerKey: KEY,
    consumerSecret: SECRET,
    shortcode: SHORTCODE,
    passkey: PASSKEY,
    shortcodeType: 'paybill',
    now: () => new Date(clock),
    fetch: async (request) => {
      requests.push({ request: request.clone(), body: await request.clone().text() });
      return answer(request);
    },
    ...extra,
  });
  return { client, requests, advance: (ms: number) => (clock += ms) };
}

const tokenAnswer = (n: number) => Response.json({ access_token: `token-${n}`, expires_in: '3599' });
const accepted = {
  MerchantRequestID: '1',
  CheckoutRequestID: 'ws_CO_1',
  ResponseCode: '0',
  ResponseDescription: 'Success. Request accepted for processing',
  CustomerMessage: 'Success. Request accepted for processing',
};

describe('the access token', () => {
  it('is asked for once, kept until a minute before it expires, then asked for again', async () => {
    let tokens = 0;
    const { client, requests, advance } = recordingClient((request) =>
      request.url.includes('/oauth/') ? tokenAnswer(++tokens) : Response.json(accepted),
    );
    // Callers at the same moment share one request.
    expect(await Promise.all([client.token(), client.token()])).toEqual(['token-1', 'token-1']);
    await client.stkPush(push);
    advance(3599_000 - TOKEN_MARGIN_MS - 1_000);
    expect(await client.token()).toBe('token-1');
    advance(2_000);
    expect(await client.token()).toBe('token-2');
    const oauth = requests.filter(({ request }) => request.url.includes('/oauth/'));
    expect(oauth).toHaveLength(2);
    expect(oauth[0].request.url).toBe('https://daraja.test/oauth/v1/generate?grant_type=client_credentials');
    expect(oauth[0].request.headers.get('authorization')).toBe(
      `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`,
    );
    const stk = requests.find(({ request }) => request.url.includes('/stkpush/'))!;
    expect(stk.request.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('is asked of Safaricom production unless another address is given', async () => {
    const urls: string[] = [];
    const options = {
      consumerKey: KEY,
      consumerSecret: SECRET,
      shortcode: SHORTCODE,
      passkey: PASSKEY,
      shortcodeType: 'paybill' as const,
      fetch: async (request: Request) => {
        urls.push(request.url);
        return tokenAnswer(1);
      },
    };
    await createDarajaClient(options).token();
    await createDarajaClient({ ...options, baseUrl: `${DARAJA_SANDBOX_URL}/` }).token();
    expect(urls).toEqual([
      `${DARAJA_PRODUCTION_URL}/oauth/v1/generate?grant_type=client_credentials`,
      'https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials',
    ]);
  });

  it('is dropped when Daraja says it is invalid, so the next call asks for a new one', async () => {
    let tokens = 0;
    let refuse = true;
    const { client } = recordingClient((request) => {
      if (request.url.includes('/oauth/')) return tokenAnswer(++tokens);
      if (!refuse) return Response.json(accepted);
      refuse = false;
      return Response.json(
        { requestId: 'r1', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
        { status: 404 },
      );
    });
    await expect(client.stkPush(push)).rejects.toThrow('M-Pesa refused the request: Invalid Access Token');
    await client.stkPush(push);
    expect(tokens).toBe(2);
  });
});

describe('what the client refuses to send', () => {
  const { client, requests } = recordingClient(() => Response.json(accepted));
  it.each([
    [{ phone: '0812345678' }, /not a Safaricom number/],
    [{ amount: 0 }, /from 1 to 250000/],
    [{ amount: 10.5 }, /whole number/],
    [{ amount: 250_001 }, /from 1 to 250000/],
    [{ accountReference: 'Q-2026-000042' }, /1 to 12 characters/],
    [{ description: 'Quote Q-2026-42' }, /1 to 13 characters/],
  ])('%o', async (change, message) => {
    await expect(client.stkPush({ ...push, ...change })).rejects.toThrow(DarajaInputError);
    await expect(client.stkPush({ ...push, ...change })).rejects.toThrow(message);
    expect(requests).toHaveLength(0);
  });
});

describe('errors in words, without secrets', () => {
  it('says what M-Pesa refused, never the key, secret, passkey or token', async () => {
    const { client } = recordingClient((request) =>
      request.url.includes('/oauth/')
        ? tokenAnswer(1)
        : Response.json(
            { requestId: 'r2', errorCode: '400.002.02', errorMessage: `Bad Request - Invalid Password ${PASSKEY}` },
            { status: 400 },
          ),
    );
    const error = (await client.stkPush(push).catch((e: unknown) => e)) as DarajaError;
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ status: 400, errorCode: '400.002.02' });
    expect(error.message).toBe('M-Pesa refused the request: Bad Request - Invalid Password [redacted]');
    for (const secret of [KEY, SECRET, PASSKEY, 'token-1']) expect(error.message).not.toContain(secret);
  });

  it('says M-Pesa could not be reached, naming only the host', async () => {
    const client = createDarajaClient({
      baseUrl: 'https://daraja.test',
      consumerKey: KEY,
      consumerSecret: SECRET,
      shortcode: SHORTCODE,
      passkey: PASSKEY,
      shortcodeType: 'paybill',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(client.token()).rejects.toThrow('M-Pesa could not be reached (daraja.test): no answer');
  });

  it('reads an answer without Daraja’s body as its HTTP status', async () => {
    const { client } = recordingClient(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.token()).rejects.toThrow('M-Pesa refused the request: HTTP 502');
  });
});

describe('against Prism serving daraja.yaml', { timeout: 60_000 }, () => {
  let mock: PrismProcess;
  beforeAll(async () => {
    mock = await startMpesaMock();
  }, 60_000);
  afterAll(async () => {
    await mock?.close();
  });

  /** A client on the mock; `prefer` picks one of the contract's answers for the calls after the token. */
  const onMock = (extra: Partial<DarajaClientOptions> = {}, prefer?: string) =>
    createDarajaClient({
      baseUrl: mock.url,
      consumerKey: KEY,
      consumerSecret: SECRET,
      shortcode: SHORTCODE,
      passkey: PASSKEY,
      shortcodeType: 'paybill',
      now: () => FIXED,
      fetch: (request) => {
        if (prefer && !request.url.includes('/oauth/')) request.headers.set('Prefer', prefer);
        return fetch(request);
      },
      ...extra,
    });

  it('gets a token, pushes, queries and registers URLs: every request validates and every answer parses', async () => {
    const client = onMock();
    expect(await client.token()).toBe('c9SQxWWhmdVRlyh0zh8gZDTkubVF');
    const pushed = await client.stkPush(push);
    expect(pushed).toMatchObject({ ResponseCode: '0', CheckoutRequestID: 'ws_CO_15012026120000123712345678' });
    const result = await client.stkQuery(pushed.CheckoutRequestID);
    expect(result).toMatchObject({ ResultCode: '0', CheckoutRequestID: pushed.CheckoutRequestID });
    const registered = await client.registerC2bUrls({
      confirmationUrl: 'https://shop.example.co.ke/webhooks/mpesa/7Qx2sLk9Vb3nRt8wZ4mYp6Hc/c2b/confirmation',
      validationUrl: 'https://shop.example.co.ke/webhooks/mpesa/7Qx2sLk9Vb3nRt8wZ4mYp6Hc/c2b/validation',
    });
    expect(registered).toMatchObject({ ResponseCode: '0', OriginatorCoversationID: '7619-37765134-1' });
  });

  it('pushes to a till as Buy Goods, the till number as PartyB', async () => {
    let body: Record<string, unknown> = {};
    const client = onMock({
      shortcodeType: 'till',
      tillNumber: '5123456',
      fetch: async (request) => {
        if (request.url.includes('/stkpush/')) body = (await request.clone().json()) as Record<string, unknown>;
        return fetch(request);
      },
    });
    await client.stkPush(push);
    expect(body).toMatchObject({
      BusinessShortCode: SHORTCODE,
      TransactionType: 'CustomerBuyGoodsOnline',
      PartyA: '254712345678',
      PartyB: '5123456',
      PhoneNumber: '254712345678',
      Timestamp: '20260115120000',
      Password: stkPassword(SHORTCODE, PASSKEY, '20260115120000'),
    });
  });

  it('reads a query’s other results (cancelled by the customer)', async () => {
    const result = await onMock({}, 'example=cancelled').stkQuery('ws_CO_15012026120000123712345678');
    expect(result).toMatchObject({ ResultCode: '1032', ResultDesc: 'Request cancelled by user' });
  });

  it('reports the contract’s 404 (Invalid Access Token) in words', async () => {
    const error = (await onMock({}, 'code=404')
      .stkPush(push)
      .catch((e: unknown) => e)) as DarajaError;
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ status: 404, errorCode: '404.001.03' });
    expect(error.message).toBe('M-Pesa refused the request: Invalid Access Token');
  });

  it('refuses a request that breaks the contract, saying which field', async () => {
    const token = await onMock().token();
    const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      fetch(`${mock.url}/mpesa/stkpush/v1/processrequest`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const valid = {
      BusinessShortCode: SHORTCODE,
      Password: stkPassword(SHORTCODE, PASSKEY, '20260115120000'),
      Timestamp: '20260115120000',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 20700,
      PartyA: '254712345678',
      PartyB: SHORTCODE,
      PhoneNumber: '254712345678',
      CallBackURL: CALLBACK,
      AccountReference: 'Q-2026-0042',
      TransactionDesc: 'Quote Q-42',
    };
    expect((await send(valid)).status).toBe(200);
    for (const [change, field] of [
      [{ PhoneNumber: '0712345678' }, 'PhoneNumber'],
      [{ Amount: 0 }, 'Amount'],
      [{ TransactionType: 'CustomerPayBill' }, 'TransactionType'],
      [{ AccountReference: 'Q-2026-000042' }, 'AccountReference'],
      [{ Timestamp: '2026-01-15 12:00' }, 'Timestamp'],
      [{ Amount: '20700' }, 'Amount'],
    ] as const) {
      const response = await send({ ...valid, ...change });
      expect(response.status, field).toBe(400);
      expect(response.headers.get('sl-violations'), field).toContain(field);
    }
    const { Password: _, ...withoutPassword } = valid;
    const missing = await send(withoutPassword);
    expect(missing.status).toBe(400);
    expect(missing.headers.get('sl-violations')).toContain("must have required property 'Password'");
    // No bearer token: refused before the body is looked at.
    const anonymous = await fetch(`${mock.url}/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(valid),
    });
    expect(anonymous.status).toBe(401);
  });
});
