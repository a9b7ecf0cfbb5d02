// Safaricom's Daraja API for M-Pesa: openapi-fetch typed by our hand-written contract
// (contract/daraja.yaml → generated/daraja.ts), so every request and answer is checked by the compiler,
// and by Prism in the tests.
//
// What it does beyond sending: an access token kept until shortly before it expires (one request for
// it at a time), the STK password and timestamp (Nairobi time, from the injected clock), phone numbers
// read in the forms customers write them, and Daraja's errors in words. The consumer key and secret,
// the passkey, the password and the token never appear in an error message (they travel only in the
// Authorization header and the request bodies Safaricom asks for).
import createClient from 'openapi-fetch';

import type { components, paths } from './generated/daraja';

type Schemas = components['schemas'];
export type StkPushAccepted = Schemas['StkPushAccepted'];
export type StkQueryResult = Schemas['StkQueryResult'];
export type C2bRegisterAccepted = Schemas['C2bRegisterAccepted'];

type FetchLike = (input: Request) => Promise<Response>;

export const DARAJA_PRODUCTION_URL = 'https://api.safaricom.co.ke';
export const DARAJA_SANDBOX_URL = 'https://sandbox.safaricom.co.ke';

/** A token is asked for again this long before Safaricom says it expires (clocks drift, requests take time). */
export const TOKEN_MARGIN_MS = 60_000;
/** M-Pesa's limit per transaction, as the contract states it (StkPushRequest.Amount). */
export const MAX_AMOUNT = 250_000;
export const ACCOUNT_REFERENCE_MAX = 12;
export const DESCRIPTION_MAX = 13;

export type ShortcodeType = 'paybill' | 'till';

export type DarajaConfig = {
  /** Default DARAJA_PRODUCTION_URL; DARAJA_SANDBOX_URL for Safaricom's sandbox, or a mock's URL. */
  baseUrl?: string;
  consumerKey: string;
  consumerSecret: string;
  /** The paybill number, or for a till the store (head office) number: BusinessShortCode and the password's. */
  shortcode: string;
  /** The Lipa na M-Pesa Online passkey Safaricom issues with the shortcode. */
  passkey: string;
  /** paybill → CustomerPayBillOnline; till → CustomerBuyGoodsOnline. */
  shortcodeType: ShortcodeType;
  /** For a till: the till number customers pay (PartyB) when it is not the store number. Default: shortcode. */
  tillNumber?: string;
};

export type DarajaClientOptions = DarajaConfig & {
  /** The clock (tests fix it): timestamps and the token's expiry. */
  now?: () => Date;
  /** Another fetch (tests). */
  fetch?: FetchLike;
};

export type StkPushInput = {
  /** The customer's Safaricom number: 0712345678, +254712345678, 254712345678 or 712345678 (also 01…). */
  phone: string;
  /** Whole shillings, 1 to MAX_AMOUNT. */
  amount: number;
  /** Shown to the customer as the account (at most 12 characters): the quote or order number. */
  accountReference: string;
  /** At most 13 characters. */
  description: string;
  /** Where Safaricom posts the result (https). */
  callbackUrl: string;
};

export type C2bUrls = {
  confirmationUrl: string;
  validationUrl: string;
  /** What happens to a payment when the validation URL does not answer. Default Completed. */
  responseType?: 'Completed' | 'Cancelled';
};

/** M-Pesa refused or could not be reached. `status` is the HTTP status (undefined: no answer). */
export class DarajaError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** Daraja's errorCode (404.001.03), when it gave one. */
    readonly errorCode?: string,
  ) {
    super(message);
    this.name = 'DarajaError';
  }
}

/** A request this client will not send (a phone that is not Safaricom's, an amount out of range…). */
export class DarajaInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DarajaInputError';
  }
}

/** yyyyMMddHHmmss in Nairobi (UTC+3 all year), as Daraja's Timestamp. */
export function darajaTimestamp(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
}

/** base64(shortcode + passkey + timestamp): the STK push and query password. */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

/** A Safaricom number as Daraja wants it (2547XXXXXXXX / 2541XXXXXXXX), or undefined. */
export function darajaMsisdn(phone: string): string | undefined {
  const digits = phone.replace(/[\s()-]/g, '').replace(/^\+/, '');
  const national = /^254[17]\d{8}$/.test(digits)
    ? digits.slice(3)
    : /^0[17]\d{8}$/.test(digits)
      ? digits.slice(1)
      : /^[17]\d{8}$/.test(digits)
        ? digits
        : undefined;
  return national && `254${national}`;
}

export type DarajaClient = {
  /** A valid access token: the cached one, or a new one when it is missing or about to expire. */
  token(): Promise<string>;
  stkPush(input: StkPushInput): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
  registerC2bUrls(urls: C2bUrls): Promise<C2bRegisterAccepted>;
};

export function createDarajaClient(options: DarajaClientOptions): DarajaClient {
  const { consumerKey, consumerSecret, shortcode, passkey, shortcodeType } = options;
  const now = options.now ?? (() => new Date());
  const baseUrl = (options.baseUrl ?? DARAJA_PRODUCTION_URL).replace(/\/+$/, '');
  const host = hostOf(baseUrl);
  const client = createClient<paths>({ baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const secrets = [consumerKey, consumerSecret, passkey];

  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  /** Sends one request; a refusal or no answer becomes a DarajaError in words, without secrets. */
  async function call<T>(send: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    let answer: Awaited<ReturnType<typeof send>>;
    try {
      answer = await send();
    } catch (error) {
      const reason = (error as Error).name === 'AbortError' ? 'the request was aborted' : 'no answer';
      throw new DarajaError(`M-Pesa could not be reached (${host}): ${reason}`);
    }
    const { data, error, response } = answer;
    if (response.ok && data !== undefined) return data;
    const body = (error ?? {}) as { errorCode?: unknown; errorMessage?: unknown };
    const code = typeof body.errorCode === 'string' ? body.errorCode : undefined;
    const words =
      typeof body.errorMessage === 'string' && body.errorMessage.trim()
        ? redact(body.errorMessage.trim(), [...secrets, cached?.token ?? ''])
        : `HTTP ${response.status}`;
    // Daraja answers 404.001.03 for a token it no longer takes: the next call asks for a new one.
    if (code === '404.001.03') cached = undefined;
    throw new DarajaError(`M-Pesa refused the request: ${words}`, response.status, code);
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${consumerKey}:${consumerSecret}`, 'utf8').toString('base64');
    const data = await call(() =>
      client.GET('/oauth/v1/generate', {
        params: { query: { grant_type: 'client_credentials' } },
        headers: { Authorization: `Basic ${basic}` },
      }),
    );
    const seconds = Number(data.expires_in);
    if (!data.access_token || !Number.isFinite(seconds))
      throw new DarajaError('M-Pesa answered the token request without a token or its lifetime');
    cached = { token: data.access_token, expiresAt: now().getTime() + seconds * 1000 };
    return data.access_token;
  }

  async function token(): Promise<string> {
    if (cached && now().getTime() < cached.expiresAt - TOKEN_MARGIN_MS) return cached.token;
    // Callers at the same moment share one request.
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  const bearer = async () => ({ Authorization: `Bearer ${await token()}` });
  const credentials = () => {
    const timestamp = darajaTimestamp(now());
    return { BusinessShortCode: shortcode, Password: stkPassword(shortcode, passkey, timestamp), Timestamp: timestamp };
  };

  return {
    token,

    async stkPush({ phone, amount, accountReference, description, callbackUrl }) {
      const msisdn = darajaMsisdn(phone);
      if (!msisdn) throw new DarajaInputError(`${phone} is not a Safaricom number (07…, 01… or 254…)`);
      if (!Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT)
        throw new DarajaInputError(`an M-Pesa payment is a whole number of shillings from 1 to ${MAX_AMOUNT}`);
      if (!accountReference || accountReference.length > ACCOUNT_REFERENCE_MAX)
        throw new DarajaInputError(`the account reference must have 1 to ${ACCOUNT_REFERENCE_MAX} characters`);
      if (!description || description.length > DESCRIPTION_MAX)
        throw new DarajaInputError(`the description must have 1 to ${DESCRIPTION_MAX} characters`);
      const headers = await bearer();
      return call(() =>
        client.POST('/mpesa/stkpush/v1/processrequest', {
          headers,
          body: {
            ...credentials(),
            TransactionType: shortcodeType === 'till' ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline',
            Amount: amount,
            PartyA: msisdn,
            PartyB: shortcodeType === 'till' ? (options.tillNumber ?? shortcode) : shortcode,
            PhoneNumber: msisdn,
            CallBackURL: callbackUrl,
            AccountReference: accountReference,
            TransactionDesc: description,
          },
        }),
      );
    },

    async stkQuery(checkoutRequestId) {
      const headers = await bearer();
      return call(() =>
        client.POST('/mpesa/stkpushquery/v1/query', {
          headers,
          body: { ...credentials(), CheckoutRequestID: checkoutRequestId },
        }),
      );
    },

    async registerC2bUrls({ confirmationUrl, validationUrl, responseType = 'Completed' }) {
      const headers = await bearer();
      return call(() =>
        client.POST('/mpesa/c2b/v1/registerurl', {
          headers,
          body: {
            // The paybill, or a till's store number: the number Safaricom registers URLs for.
            ShortCode: shortcode,
            ResponseType: responseType,
            ConfirmationURL: confirmationUrl,
            ValidationURL: validationUrl,
          },
        }),
      );
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid address';
  }
}

/** The text with every secret (at least 4 characters) replaced, should Safaricom ever echo one. */
function redact(text: string, secrets: string[]): string {
  return secrets
    .filter((secret) => secret.length >= 4)
    .reduce((out, secret) => out.split(secret).join('[redacted]'), text);
}
