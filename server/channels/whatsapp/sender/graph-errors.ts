// What WhatsApp's answer to a send means for the outbox: try again later
// (TransientDeliveryError) or never (PermanentDeliveryError, with a reason
// staff can act on). Decided by the Graph error code and subcode in the body
// ({"error": {"code": 131026, …}}), never by the HTTP status alone: WhatsApp
// answers 400 for a busy server (131000) as for a number that is not on
// WhatsApp (131026). The HTTP status decides only when the body has no code.
//
// Codes: https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
// No reason here repeats Meta's text verbatim for a known code, and none can
// hold the access token: it travels in a header, and redact() removes it from
// any text of Meta's that is passed on.
import { PermanentDeliveryError, TransientDeliveryError } from '../../../delivery/outbox/sender';
import { clip, oneLine } from '../../../app/text';

/** The `error` object of a Graph API error answer (Meta's GraphAPIError). */
export type GraphError = {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
  error_data?: { details?: string; messaging_product?: string };
  fbtrace_id?: string;
};

export const WINDOW_CLOSED_REASON =
  "More than 24 hours since the customer's last message: send an approved template instead.";

/** Transient codes and how long to wait at least; pauseAll: the limit is the whole account's, not one customer's. */
const TRANSIENT: Record<number, { reason: string; retryAfterMs?: number; pauseAll?: boolean }> = {
  1: { reason: 'WhatsApp had an unknown problem; the message will be sent again.' },
  2: { reason: 'WhatsApp was temporarily unavailable; the message will be sent again.' },
  4: {
    reason: 'Too many calls to WhatsApp from this app; sending resumes in a minute.',
    retryAfterMs: 60_000,
    pauseAll: true,
  },
  80007: {
    reason: "The WhatsApp business account's rate limit was reached; sending resumes in a minute.",
    retryAfterMs: 60_000,
    pauseAll: true,
  },
  130429: {
    reason: "The phone number's sending rate limit was reached; the message will be sent again in a few seconds.",
    retryAfterMs: 5_000,
    pauseAll: true,
  },
  131000: { reason: 'WhatsApp could not send the message this time (an error on its side); it will be sent again.' },
  131016: { reason: 'WhatsApp is temporarily unavailable; the message will be sent again.' },
  131056: {
    reason:
      'Too many messages to this customer in a short time; the next one waits a few seconds (the other customers are not held).',
    retryAfterMs: 6_000,
  },
};

type Permanent = { reason: string; closeWindow?: boolean; notifyStaff?: boolean; resyncTemplates?: boolean };
const PERMANENT: Record<number, Permanent> = {
  131026: {
    reason: 'This number cannot receive WhatsApp messages (not on WhatsApp, or has not accepted the latest terms).',
  },
  131047: { reason: WINDOW_CLOSED_REASON, closeWindow: true },
  // The former code of the same rule (re-engagement message).
  470: { reason: WINDOW_CLOSED_REASON, closeWindow: true },
  131049: {
    reason:
      'WhatsApp held this message back to keep customers from receiving too many marketing messages. Try again in a day or two, or wait for the customer to write.',
  },
  131030: {
    reason:
      "This number is not on the test phone number's list of allowed recipients: add it in Meta's developer console (WhatsApp > API Setup).",
  },
  131021: { reason: 'The customer number is the business number itself: WhatsApp cannot send to it.' },
  131051: { reason: 'WhatsApp does not support this kind of message.' },
  131053: {
    reason:
      "WhatsApp could not fetch the product picture: check that PUBLIC_ORIGIN is this server's public address and the picture opens from the internet.",
  },
  131008: { reason: 'WhatsApp refused the message: a required part is missing.' },
  131009: { reason: 'WhatsApp refused the message: a value in it is not valid.' },
  132000: {
    reason:
      'The number of values does not match the variables of the template WhatsApp approved. Sync the templates and send it again.',
    resyncTemplates: true,
  },
  132001: {
    reason:
      'WhatsApp does not know this template in this language (not approved, deleted or renamed). The templates are being synced again: choose one from the refreshed list.',
    resyncTemplates: true,
  },
  132005: { reason: "The template's text is too long once the values are filled in: use shorter values." },
  132007: {
    reason:
      "The template's text breaks WhatsApp's formatting rules once filled in: check the values (no line breaks, no more than 4 spaces in a row).",
  },
  132012: {
    reason: 'A value is not in the format the template expects (text, currency or date): check the values.',
  },
  132015: { reason: 'WhatsApp has paused this template for low quality: use another template.' },
  132016: { reason: 'WhatsApp has disabled this template for low quality: use another template.' },
  190: {
    reason:
      'WhatsApp refused the access token (expired or revoked): replace WHATSAPP_ACCESS_TOKEN with a valid system user token and restart the server.',
    notifyStaff: true,
  },
  368: {
    reason:
      "WhatsApp has temporarily blocked this business account for a policy violation: check the account's status in WhatsApp Manager.",
    notifyStaff: true,
  },
  131031: {
    reason: "WhatsApp has locked this business account: check the account's status in WhatsApp Manager.",
    notifyStaff: true,
  },
  131042: {
    reason:
      "WhatsApp refused to send because of a problem with the business account's payment method: check billing in WhatsApp Manager.",
    notifyStaff: true,
  },
  10: {
    reason:
      'The access token has no permission to send from this number: give the system user whatsapp_business_messaging for this business account.',
    notifyStaff: true,
  },
  200: {
    reason:
      'The access token has no permission to send from this number: give the system user whatsapp_business_messaging for this business account.',
    notifyStaff: true,
  },
  133010: {
    reason: 'The WhatsApp phone number is not registered with the Cloud API: register it in WhatsApp Manager.',
    notifyStaff: true,
  },
};

/** 132005–132016: template errors; those without a reason above get one from their number. */
const isTemplateError = (code: number) => code >= 132005 && code <= 132016;

/** Removes the token (and anything shaped like a bearer token) from text that came from outside. */
export function redact(text: string, accessToken?: string): string {
  let out = text;
  if (accessToken) out = out.split(accessToken).join('[token]');
  return out.replace(/Bearer\s+\S+/gi, 'Bearer [token]').replace(/access_token=[^&\s]+/gi, 'access_token=[token]');
}

/** Meta's own words for a code without a reason of ours, cleaned for staff to read. */
function metaWords(error: GraphError, accessToken?: string): string {
  const words = error.error_data?.details || error.error_user_msg || error.message || '';
  // "(#100) Invalid parameter" → "Invalid parameter": the code is said once, by us.
  return clip(redact(oneLine(words.replace(/^\(#\d+\)\s*/, '')), accessToken), 200);
}

/**
 * The outbox error for a Graph error code: from an answer to a send, or from
 * a failed status in the webhook (no HTTP answer there: `status` undefined,
 * and an unknown code counts as a refusal).
 */
function byCode(
  error: GraphError,
  code: number,
  status: number | undefined,
  accessToken?: string,
): PermanentDeliveryError | TransientDeliveryError {
  // 100 with subcode 33: the phone number id does not exist or the token cannot see it.
  if (code === 100 && error.error_subcode === 33)
    return new PermanentDeliveryError(
      'WhatsApp does not know the sending phone number, or the token cannot use it: check WHATSAPP_PHONE_NUMBER_ID and the token.',
      { code, notifyStaff: true },
    );
  const transient = TRANSIENT[code];
  if (transient) {
    const { reason, ...options } = transient;
    return new TransientDeliveryError(reason, { code, ...options });
  }
  const permanent = PERMANENT[code];
  if (permanent) {
    const { reason, ...options } = permanent;
    return new PermanentDeliveryError(reason, { code, ...options });
  }
  const words = metaWords(error, accessToken);
  if (isTemplateError(code))
    return new PermanentDeliveryError(
      `WhatsApp refused the template (error ${code})${words ? `: ${words}` : ''}. Check the template in WhatsApp Manager.`,
      { code },
    );
  if (code === 100)
    return new PermanentDeliveryError(`WhatsApp refused the message as invalid${words ? `: ${words}` : ''}.`, {
      code,
    });
  // An unknown code: WhatsApp's own flag, then the status, decide. A 5xx or
  // a code Meta marks transient may pass; a 4xx is an answer about this
  // message that will not change by sending it again.
  if (error.is_transient === true || (status !== undefined && status >= 500))
    return new TransientDeliveryError(
      `WhatsApp could not send the message this time (error ${code}${words ? `: ${words}` : ''}); it will be sent again.`,
      { code },
    );
  return new PermanentDeliveryError(`WhatsApp refused the message (error ${code})${words ? `: ${words}` : ''}.`, {
    code,
  });
}

/** The outbox error for the code of a failed status in the webhook (WhatsApp's errors[0]: code and title). */
export const classifyStatusFailure = (code: number, title?: string | null) =>
  byCode({ code, message: title ?? undefined }, code, undefined);

/**
 * The outbox error for a Graph API answer that was not a success: `status`
 * the HTTP status, `body` the parsed JSON (or text) WhatsApp sent.
 */
export function classifyGraphError(
  status: number,
  body: unknown,
  accessToken?: string,
): PermanentDeliveryError | TransientDeliveryError {
  const error =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object' && body.error
      ? (body.error as GraphError)
      : undefined;
  if (error && typeof error.code === 'number') return byCode(error, error.code, status, accessToken);
  // No Graph error in the body (a proxy's page, an empty answer): only the status is left.
  if (status >= 500 || status === 408 || status === 429)
    return new TransientDeliveryError(
      `WhatsApp did not answer properly (HTTP ${status}); the message will be sent again.`,
    );
  return new PermanentDeliveryError(
    `WhatsApp refused the message (HTTP ${status}, without an error code): check WHATSAPP_GRAPH_URL and WHATSAPP_GRAPH_VERSION.`,
  );
}

/** A request that got no answer at all (DNS, refused connection, timeout): always worth another try. */
export function classifyNetworkError(error: unknown, accessToken?: string): TransientDeliveryError {
  const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
  const words = clip(redact(oneLine(cause), accessToken), 120);
  return new TransientDeliveryError(
    `WhatsApp could not be reached${words ? ` (${words})` : ''}; the message will be sent again.`,
  );
}

/** A 200 without messages[0].id: WhatsApp did not say it took the message, so it is tried again. */
export const noMessageId = () =>
  new TransientDeliveryError(
    'WhatsApp answered without a message id, so the message may not have been taken; it will be sent again.',
  );
