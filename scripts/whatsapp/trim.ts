// Meta's WhatsApp contract, trimmed to what the reference server uses.
//
// Meta publishes the WhatsApp Business Platform as one OpenAPI 3.1 file
// (business-messaging-api_v23.0.yaml beside this module, pinned by its
// SHA-256). This derives from it, deterministically:
//   whatsapp-cloud.yaml                       the operations we call or serve, the components they
//                                             reach, and the patches below (each listed in its header)
//   ../generated/webhook-payload.schema.json  the JSON Schema inbound-schema.ts validates webhooks with
//                                             (bundled into the server, so production reads no YAML)
//   README.md's patch list                    between its markers
// `npm run whatsapp:contract` writes them (scripts/whatsapp/trim-meta-contract.ts);
// `npm run check:generated` fails when a committed copy differs.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

import { PROJECT_ROOT } from '../../common/contract/root';
import { MOCK_MEDIA } from '../../common/whatsapp/webhook-payloads';

export const CONTRACT_DIR = join(PROJECT_ROOT, 'server', 'channels', 'whatsapp', 'contract');
export const META_SOURCE_FILE = join(CONTRACT_DIR, 'business-messaging-api_v23.0.yaml');
export const TRIMMED_FILE = join(CONTRACT_DIR, 'whatsapp-cloud.yaml');
export const README_FILE = join(CONTRACT_DIR, 'README.md');
export const WEBHOOK_SCHEMA_FILE = join(
  PROJECT_ROOT,
  'server',
  'channels',
  'whatsapp',
  'generated',
  'webhook-payload.schema.json',
);

/** SHA-256 of Meta's file as published in facebook/openapi (commit ecba623). */
export const META_SOURCE_SHA256 = 'c7148d5e2aeff32f2effc3d3557795d7eddd07abf8b017c9e40e86bb3312c116';

export const sha256Hex = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** Fails with a plain sentence when the source is not the pinned file. */
export function assertPinnedSource(bytes: Uint8Array): void {
  const actual = sha256Hex(bytes);
  if (actual !== META_SOURCE_SHA256) {
    throw new Error(
      `business-messaging-api_v23.0.yaml is not the pinned file: its SHA-256 is ${actual}, expected ${META_SOURCE_SHA256}. ` +
        'Restore it byte for byte (server/channels/whatsapp/contract/README.md says how), or, to move to a newer Meta file, ' +
        'update META_SOURCE_SHA256 in scripts/whatsapp/trim.ts and review every patch.',
    );
  }
}

type Json = Record<string, unknown>;
type Doc = Json & { paths: Record<string, Json>; components: Record<string, Record<string, Json>> };

const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The operations kept, by path and method, as Meta names them. */
const KEPT: Record<string, string[]> = {
  '/{Version}/{Phone-Number-ID}/messages': ['post'],
  '/{Version}/{Media-ID}': ['get'],
  '/{Version}/{WABA-ID}/message_templates': ['get'],
  '/whatsapp/webhooks': ['post'],
};

/** Where a media download goes: the absolute `url` retrieveMediaUrl returns (Meta's lookaside host). */
export const MEDIA_DOWNLOAD_PATH = '/whatsapp_business/attachments/';

const GRAPH_ERROR = '#/components/schemas/GraphAPIError';

type GraphErrorExample = {
  name: string;
  status: '400' | '401' | '403' | '404' | '429' | '500';
  summary: string;
  code: number;
  type?: string;
  subcode?: number;
  title: string;
  message: string;
  details: string;
};

/** One example per error the sender must classify; `Prefer: code=<status>, example=<name>` picks one in Prism. */
const GRAPH_ERROR_EXAMPLES: GraphErrorExample[] = [
  {
    name: 'error-100',
    status: '400',
    summary: 'Permanent: invalid parameter',
    code: 100,
    title: 'Invalid parameter',
    message: '(#100) Invalid parameter',
    details: 'Parameter value is not valid',
  },
  {
    name: 'error-131026',
    status: '400',
    summary: 'Permanent: message undeliverable',
    code: 131026,
    title: 'Message Undeliverable',
    message: '(#131026) Message Undeliverable',
    details: 'Unable to deliver message. The recipient may not be a WhatsApp user or may have blocked the business.',
  },
  {
    name: 'error-131047',
    status: '400',
    summary: 'Window closed: re-engagement message',
    code: 131047,
    title: 'Re-engagement message',
    message: '(#131047) Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  {
    name: 'error-131049',
    status: '400',
    summary: 'Permanent: not delivered to maintain healthy ecosystem engagement',
    code: 131049,
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    message: '(#131049) This message was not delivered to maintain healthy ecosystem engagement.',
    details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
  {
    name: 'error-132000',
    status: '400',
    summary: 'Permanent: template parameter count mismatch',
    code: 132000,
    title: 'Number of parameters does not match the expected number of params',
    message: '(#132000) Number of parameters does not match the expected number of params',
    details: 'body: number of localizable_params (1) does not match the expected number of params (2)',
  },
  {
    name: 'error-132001',
    status: '400',
    summary: 'Permanent: template does not exist',
    code: 132001,
    title: 'Template name does not exist in the translation',
    message: '(#132001) Template name does not exist in the translation',
    details: 'template name (order_update) does not exist in en_US',
  },
  {
    name: 'error-470',
    status: '400',
    summary: 'Permanent: re-engagement (legacy code)',
    code: 470,
    title:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number',
    message:
      '(#470) Message failed to send because more than 24 hours have passed since the customer last replied to this number',
    details: 'Use a template to start the conversation.',
  },
  {
    name: 'error-190',
    status: '401',
    summary: 'Permanent: access token expired or invalid',
    code: 190,
    subcode: 463,
    title: 'Access token has expired',
    message: 'Error validating access token: Session has expired.',
    details: 'The access token has expired or was revoked.',
  },
  {
    name: 'error-368',
    status: '403',
    summary: 'Permanent: temporarily blocked for policy violations',
    code: 368,
    title: 'Temporarily blocked for policies violations',
    message: '(#368) Temporarily blocked for policies violations',
    details: 'The WhatsApp Business Account is restricted from messaging.',
  },
  {
    name: 'error-100-unknown-object',
    status: '404',
    summary: 'Permanent: the phone number id does not exist',
    code: 100,
    subcode: 33,
    title: 'Unsupported post request',
    message:
      'Unsupported post request. Object with ID does not exist, cannot be loaded due to missing permissions, or does not support this operation.',
    details: 'Object with ID does not exist.',
  },
  {
    name: 'error-4',
    status: '429',
    summary: 'Transient: application request limit reached',
    code: 4,
    title: 'Application request limit reached',
    message: '(#4) Application request limit reached',
    details: 'Too many calls from this app.',
  },
  {
    name: 'error-80007',
    status: '429',
    summary: 'Transient: WhatsApp Business Account rate limit',
    code: 80007,
    title: 'Rate limit issues',
    message: '(#80007) Rate limit issues',
    details: 'The WhatsApp Business Account has reached its rate limit.',
  },
  {
    name: 'error-130429',
    status: '429',
    summary: 'Transient: Cloud API throughput reached',
    code: 130429,
    title: 'Rate limit hit',
    message: '(#130429) Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
  },
  {
    name: 'error-131056',
    status: '429',
    summary: 'Per recipient: pair rate limit hit',
    code: 131056,
    title: '(Business Account, Consumer Account) pair rate limit hit',
    message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
    details:
      'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
  },
  {
    name: 'error-131000',
    status: '500',
    summary: 'Transient: something went wrong',
    code: 131000,
    title: 'Something went wrong',
    message: 'Something went wrong',
    details: 'Message failed to send due to an unknown error.',
  },
  {
    name: 'error-1',
    status: '500',
    summary: 'Transient: API unknown',
    code: 1,
    title: 'API Unknown',
    message: 'An unknown error occurred',
    details: 'Invalid request or possible server error.',
  },
  {
    name: 'error-2',
    status: '500',
    summary: 'Transient: API service',
    code: 2,
    title: 'API Service',
    message: 'An unexpected error has occurred. Please retry your request later.',
    details: 'Temporary due to downtime or due to being overloaded.',
  },
  {
    name: 'error-131016',
    status: '500',
    summary: 'Transient: service unavailable',
    code: 131016,
    title: 'Service unavailable',
    message: '(#131016) Service unavailable',
    details: 'A service is temporarily unavailable.',
  },
];

function graphErrorValue(example: GraphErrorExample): Json {
  return {
    error: {
      message: example.message,
      type: example.type ?? 'OAuthException',
      code: example.code,
      ...(example.subcode === undefined ? {} : { error_subcode: example.subcode }),
      error_data: { messaging_product: 'whatsapp', details: example.details },
      error_user_title: example.title,
      fbtrace_id: 'AbCdEfGhIjKlMnOpQrStUv',
    },
  };
}

const STATUS_TEXT: Record<GraphErrorExample['status'], string> = {
  '400': 'Graph API error: the request was refused (the error code says why)',
  '401': 'Graph API error: the access token is invalid or expired',
  '403': 'Graph API error: the account may not send (policy or permission)',
  '404': 'Graph API error: the phone number id or object does not exist',
  '429': 'Graph API error: a rate limit was reached',
  '500': 'Graph API error: a temporary failure on Meta’s side',
};

const clone = <T>(value: T): T => structuredClone(value);
const schemas = (doc: Doc) => doc.components.schemas;

function schema(doc: Doc, name: string): Json {
  const found = schemas(doc)[name];
  if (!found) throw new Error(`Meta's file has no schema ${name}: the patch needs reviewing`);
  return found;
}

function moveAdditionalPropertiesToUnevaluated(target: Json): boolean {
  const allOf = target.allOf as Json[] | undefined;
  if (!Array.isArray(allOf) || !allOf.some((member) => typeof member.$ref === 'string')) return false;
  let moved = false;
  for (const member of allOf) {
    if (member.additionalProperties === false) {
      delete member.additionalProperties;
      moved = true;
    }
  }
  if (moved) target.unevaluatedProperties = false;
  return moved;
}

export type Patch = { what: string; why: string; apply(doc: Doc): void };

/** Each change to Meta's text, in the order applied; the header of whatsapp-cloud.yaml and the README list them. */
export const PATCHES: Patch[] = [
  {
    what: 'Only sendMessage, retrieveMediaUrl, the media download, the template list (getTemplateByNameDefaultFields) and the webhook are kept, with the components they reach',
    why: 'Served whole, Meta’s single-segment paths collide in Prism (GET /v23.0/{Media-ID} reached the business-profile operation, never retrieveMediaUrl), and the rest is not used. deleteMedia is dropped from /{Version}/{Media-ID} for the same reason.',
    apply() {
      /* done by trimmedDocument, which needs the whole source */
    },
  },
  {
    what: '`jsonSchemaDialect` is set to JSON Schema 2020-12',
    why: 'It is OpenAPI 3.1’s default dialect, but Prism validates with draft-07 unless the document names it, and draft-07 ignores `unevaluatedProperties` (next patch).',
    apply(doc) {
      doc.jsonSchemaDialect = SCHEMA_DIALECT;
    },
  },
  {
    what: 'Outbound message schemas (TextMessage, ImageMessage, DocumentMessage, InteractiveMessage, …): `additionalProperties: false` moves from the allOf member to `unevaluatedProperties: false` on the whole schema',
    why: 'Inside an allOf, `additionalProperties: false` sees only its own member’s properties, so it refused `messaging_product`, `to` and `recipient_type` from BaseMessageProperties: no text, media or interactive send could validate. `unevaluatedProperties` keeps the intent (no unknown fields) and sees every member.',
    apply(doc) {
      const moved = Object.values(schemas(doc)).filter((s) => moveAdditionalPropertiesToUnevaluated(s)).length;
      if (moved === 0) throw new Error('no message schema had additionalProperties inside allOf: review this patch');
    },
  },
  {
    what: '`BaseMessageProperties.recipient_type` is no longer required',
    why: 'The Cloud API defaults it to `individual`, and Meta’s own examples (“Send Test Message”, “Send Contact Message”) leave it out.',
    apply(doc) {
      const base = schema(doc, 'BaseMessageProperties');
      base.required = (base.required as string[]).filter((name) => name !== 'recipient_type');
    },
  },
  {
    what: '`LanguageObject.policy` is no longer required',
    why: 'Meta’s own template examples send `language: { code }` only, and the Cloud API accepts it (`deterministic` is the only policy and the default).',
    apply(doc) {
      const language = schema(doc, 'LanguageObject');
      language.required = (language.required as string[]).filter((name) => name !== 'policy');
    },
  },
  {
    what: 'The button component `index` pattern becomes `^[0-9]$`',
    why: 'Meta wrote a character class (`^[2-6, 11-14]$`) that refuses "0" and "1", the first buttons; its own description says 0-9.',
    apply(doc) {
      const template = schema(doc, 'TemplateComponent');
      (template.properties as Record<string, Json>).index.pattern = '^[0-9]$';
      const button = schema(doc, 'ButtonComponent');
      const members = button.allOf as Json[];
      const own = members.find((member) => (member.properties as Record<string, Json> | undefined)?.index);
      if (!own) throw new Error('ButtonComponent has no index: review this patch');
      (own.properties as Record<string, Json>).index.pattern = '^[0-9]$';
    },
  },
  {
    what: '`TemplateComponent.parameters` gets `items` (any of the text, currency, date_time, image, document, video, payload and button-text parameters)',
    why: 'Meta left the array untyped, so the generated types had `unknown[]` and Prism checked nothing inside it.',
    apply(doc) {
      const template = schema(doc, 'TemplateComponent');
      (template.properties as Record<string, Json>).parameters.items = {
        anyOf: [
          'TextParameter',
          'CurrencyParameter',
          'DateTimeParameter',
          'ImageParameter',
          'DocumentParameter',
          'VideoParameter',
          'ButtonPayloadParameter',
          'ButtonTextParameter',
        ].map((name) => ({ $ref: `#/components/schemas/${name}` })),
      };
    },
  },
  {
    what: 'Header parameters `Authorization` and `Content-Type` are dropped from the kept operations (`User-Agent` stays)',
    why: 'The `bearerAuth` security scheme already states the token and the request body its media type; as required parameters the generated types demanded both on every call, although the client sets them once.',
    apply(doc) {
      const restated = (p: Json) =>
        p.$ref === '#/components/parameters/Authorization' || p.$ref === '#/components/parameters/ContentType';
      for (const item of Object.values(doc.paths)) {
        if (Array.isArray(item.parameters)) item.parameters = (item.parameters as Json[]).filter((p) => !restated(p));
        for (const op of Object.values(item)) {
          if (!op || typeof op !== 'object' || !Array.isArray((op as Json).parameters)) continue;
          (op as Json).parameters = ((op as Json).parameters as Json[]).filter((p) => !restated(p));
        }
      }
    },
  },
  {
    what: '`GraphAPIError.error` gains `error_data` (`messaging_product`, `details`)',
    why: 'Every Cloud API error carries it, and `details` is the plain-words reason the sender stores on the message.',
    apply(doc) {
      const error = (schema(doc, 'GraphAPIError').properties as Record<string, Json>).error;
      (error.properties as Record<string, Json>).error_data = {
        type: 'object',
        description: 'WhatsApp Cloud API errors: what went wrong, in words.',
        properties: {
          messaging_product: { type: 'string', example: 'whatsapp' },
          details: { type: 'string', example: 'Message failed to send because more than 24 hours have passed.' },
        },
      };
    },
  },
  {
    what: 'sendMessage declares its errors: 400, 401, 403, 404, 429 and 500 with a `GraphAPIError` body, and one named example per error code the sender handles',
    why: `Meta declared only the 200, so Prism could not answer an error at all. Examples: ${GRAPH_ERROR_EXAMPLES.map((e) => `${e.status} \`${e.name}\``).join(', ')}; in Prism \`Prefer: code=<status>, example=<name>\`.`,
    apply(doc) {
      const send = doc.paths['/{Version}/{Phone-Number-ID}/messages'].post as Json;
      const responses = send.responses as Record<string, Json>;
      for (const status of ['400', '401', '403', '404', '429', '500'] as const) {
        const examples = GRAPH_ERROR_EXAMPLES.filter((e) => e.status === status);
        responses[status] = {
          description: STATUS_TEXT[status],
          content: {
            'application/json': {
              schema: { $ref: GRAPH_ERROR },
              examples: Object.fromEntries(
                examples.map((e) => [e.name, { summary: e.summary, value: graphErrorValue(e) }]),
              ),
            },
          },
        };
      }
    },
  },
  {
    what: 'The media download is modelled as Meta documents it: `GET https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=…` (operation `downloadMedia`, its own `servers`), with the bearer token, answering the file’s bytes; retrieveMediaUrl’s example points there and states the example file’s SHA-256 and size',
    why: 'Meta’s file had `GET /{Version}/{Media-URL}` on graph.facebook.com answering text/plain, but the download is a GET of the absolute `url` that retrieveMediaUrl returns, with the same token. The path lets a mock serve it (mocks/whatsapp points the url at itself).',
    apply(doc) {
      const mediaUrl = `https://lookaside.fbsbx.com${MEDIA_DOWNLOAD_PATH}?mid=2621233374848975&ext=1750269342&hash=ATsfB2WfVzq8`;
      const retrieve = doc.paths['/{Version}/{Media-ID}'].get as Json;
      const ok = (retrieve.responses as Record<string, Json>)['200'];
      const media = (ok.content as Record<string, Json>)['application/json'];
      const properties = (media.schema as Json).properties as Record<string, Json>;
      const size = String(Buffer.byteLength(MOCK_MEDIA.bytes));
      const sha256 = MOCK_MEDIA.sha256Hex;
      properties.url = {
        type: 'string',
        format: 'uri',
        description: 'Where to download the file (GET with the same bearer token); valid for 5 minutes.',
        example: mediaUrl,
      };
      properties.sha256 = { type: 'string', description: 'SHA-256 of the file, hex.', example: sha256 };
      properties.file_size = { type: 'string', example: size };
      properties.mime_type = { type: 'string', example: MOCK_MEDIA.mimeType };
      (media.schema as Json).required = ['url', 'mime_type', 'sha256', 'file_size', 'id'];
      media.examples = {
        'Retrieve Media URL': {
          value: {
            file_size: size,
            id: '2621233374848975',
            messaging_product: 'whatsapp',
            mime_type: MOCK_MEDIA.mimeType,
            sha256,
            url: mediaUrl,
          },
        },
      };
      doc.paths[MEDIA_DOWNLOAD_PATH] = {
        servers: [
          { url: 'https://lookaside.fbsbx.com', description: 'Where media URLs point (the `url` of retrieveMediaUrl)' },
        ],
        get: {
          tags: ['Media'],
          summary: 'Download Media',
          description:
            'A GET of the absolute `url` returned by retrieveMediaUrl, with the same `Authorization: Bearer` token. ' +
            'Answers the file itself; the URL expires after 5 minutes (then retrieveMediaUrl again).',
          operationId: 'downloadMedia',
          parameters: [
            { $ref: '#/components/parameters/UserAgent' },
            {
              name: 'mid',
              in: 'query',
              schema: { type: 'string' },
              description: 'The media id (part of the returned url).',
            },
            { name: 'ext', in: 'query', schema: { type: 'string' }, description: 'Part of the returned url.' },
            { name: 'hash', in: 'query', schema: { type: 'string' }, description: 'Part of the returned url.' },
          ],
          responses: {
            '200': {
              description: 'The media file',
              content: {
                'application/octet-stream': {
                  schema: { type: 'string', format: 'binary' },
                  example: MOCK_MEDIA.bytes,
                },
              },
            },
            '401': {
              description: 'The token is missing or invalid',
              content: { 'application/json': { schema: { $ref: GRAPH_ERROR } } },
            },
            '404': {
              description: 'The URL expired or the media was deleted',
              content: { 'application/json': { schema: { $ref: GRAPH_ERROR } } },
            },
          },
          security: [{ bearerAuth: [] }],
        },
      };
    },
  },
  {
    what: 'The template list takes `fields`, `limit`, `after`, `status` and `name` and answers `paging.cursors.after` and `paging.next`; each template states `parameter_format`, and a component’s `example` may hold `header_text` and named parameters',
    why: 'Meta declared only `name` and `paging.cursors`, but the list is paged (`limit`/`after`, `paging.next` present while more follow), and named-parameter templates say so in `parameter_format` and give their examples as `body_text_named_params` / `header_text_named_params` (`{ param_name, example }`).',
    apply(doc) {
      const list = doc.paths['/{Version}/{WABA-ID}/message_templates'].get as Json;
      list.parameters = [
        ...(list.parameters as Json[]),
        {
          name: 'fields',
          in: 'query',
          schema: { type: 'string' },
          description: 'Comma-separated fields to return.',
          example: 'name,status,language,category,components,parameter_format',
        },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 }, description: 'Templates per page.' },
        {
          name: 'after',
          in: 'query',
          schema: { type: 'string' },
          description: 'The `paging.cursors.after` of the previous page.',
        },
        {
          name: 'status',
          in: 'query',
          schema: { type: 'string' },
          description: 'Only templates in this status (e.g. APPROVED).',
        },
      ];
      const ok = (list.responses as Record<string, Json>)['200'];
      const body = ((ok.content as Record<string, Json>)['application/json'].schema as Json).properties as Record<
        string,
        Json
      >;
      const items = (body.data.items as Json).properties as Record<string, Json>;
      items.parameter_format = { type: 'string', enum: ['POSITIONAL', 'NAMED'], example: 'POSITIONAL' };
      const component = ((items.components as Json).items as Json).properties as Record<string, Json>;
      const example = component.example.properties as Record<string, Json>;
      const named = {
        type: 'array',
        items: {
          type: 'object',
          required: ['param_name', 'example'],
          properties: {
            param_name: { type: 'string', example: 'first_name' },
            example: { type: 'string', example: 'Wanjiru' },
          },
        },
      };
      example.header_text = { type: 'array', items: { type: 'string' }, example: ['Wanjiru'] };
      example.header_text_named_params = named;
      example.body_text_named_params = named;
      const paging = body.paging as Json;
      (paging.properties as Record<string, Json>).next = {
        type: 'string',
        format: 'uri',
        description: 'The next page’s URL; absent on the last page.',
      };
    },
  },
  {
    what: 'The webhook POST (named `receiveWebhook`) loses `bearerAuth`, gains the required `X-Hub-Signature-256` header, and `WebhookPayload.object` is the constant `whatsapp_business_account`',
    why: 'Meta signs webhooks (`sha256=` + hex HMAC-SHA256 of the raw body with the app secret) and sends no bearer token.',
    apply(doc) {
      const post = doc.paths['/whatsapp/webhooks'].post as Json;
      post.operationId = 'receiveWebhook';
      post.security = [];
      post.parameters = [
        {
          name: 'X-Hub-Signature-256',
          in: 'header',
          required: true,
          description: '`sha256=` followed by the hex HMAC-SHA256 of the raw request body, keyed with the app secret.',
          schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
        },
      ];
      post.responses = {
        '200': {
          description:
            'Received. Meta retries a delivery that got no 200 for up to 7 days, so repeats and reordering are normal.',
        },
      };
      const object = (schema(doc, 'WebhookPayload').properties as Record<string, Json>).object;
      object.enum = ['whatsapp_business_account'];
    },
  },
  {
    what: 'The webhook GET handshake is added: `hub.mode=subscribe`, `hub.verify_token`, `hub.challenge` → 200 with the challenge as text, else 403',
    why: 'Meta verifies the webhook URL with it before sending anything; the file did not describe it.',
    apply(doc) {
      doc.paths['/whatsapp/webhooks'].get = {
        summary: 'Verify the webhook (Meta’s subscription handshake)',
        operationId: 'verifyWebhook',
        parameters: [
          { name: 'hub.mode', in: 'query', required: true, schema: { type: 'string', enum: ['subscribe'] } },
          {
            name: 'hub.verify_token',
            in: 'query',
            required: true,
            schema: { type: 'string' },
            description: 'The verify token set in the app’s webhook settings.',
          },
          {
            name: 'hub.challenge',
            in: 'query',
            required: true,
            schema: { type: 'string' },
            description: 'Echoed back as the body.',
          },
        ],
        responses: {
          '200': {
            description: 'The challenge, as sent',
            content: { 'text/plain': { schema: { type: 'string' }, example: '1158201444' } },
          },
          '403': { description: 'Wrong mode or verify token' },
        },
        security: [],
      };
    },
  },
  {
    what: 'Inbound messages use the inbound schemas Meta defined beside the outbound ones: `IncomingMessage`, `SystemMessage` and the per-type messages point at `BaseMessageProperties_1` (from, id, timestamp), `TextMessage_2`, `ReactionMessage_1`, `AudioMessage_1`, `DocumentMessage_1`, `ImageMessage_1`, `StickerMessage_1`, `VideoMessage_1`, `LocationMessage_1`, `ContactObject_1` and `ErrorObject_2`',
    why: 'Meta’s generator renamed the inbound schemas on name collision but left the references on the outbound ones, so an inbound message had to carry `to` and could not carry `from`, `id` or `timestamp`: none of the 16 inbound examples validated.',
    apply(doc) {
      const inbound: Record<string, string> = {
        BaseMessageProperties: 'BaseMessageProperties_1',
        TextMessage: 'TextMessage_2',
        ReactionMessage: 'ReactionMessage_1',
        AudioMessage: 'AudioMessage_1',
        DocumentMessage: 'DocumentMessage_1',
        ImageMessage: 'ImageMessage_1',
        StickerMessage: 'StickerMessage_1',
        VideoMessage: 'VideoMessage_1',
        LocationMessage: 'LocationMessage_1',
        ContactObject: 'ContactObject_1',
        ErrorObject: 'ErrorObject_2',
      };
      const retarget = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(retarget);
        if (!node || typeof node !== 'object') return;
        const object = node as Record<string, unknown>;
        for (const [key, value] of Object.entries(object)) {
          if (key === '$ref' && typeof value === 'string') object[key] = inboundRef(value);
          else if (key === 'mapping' && value && typeof value === 'object') {
            const mapping = value as Record<string, string>;
            for (const type of Object.keys(mapping)) mapping[type] = inboundRef(mapping[type]);
          } else retarget(value);
        }
      };
      const inboundRef = (ref: string): string => {
        const name = /^#\/components\/schemas\/(\w+)$/.exec(ref)?.[1];
        return name && inbound[name] ? `#/components/schemas/${inbound[name]}` : ref;
      };
      const inboundRoots = [
        'IncomingMessage',
        'SystemMessage',
        'ContactSharingMessage',
        'UnsupportedMessage',
        'ButtonMessage',
        'InteractiveMessageReply',
        'OrderMessage',
        ...Object.values(inbound),
      ];
      for (const name of inboundRoots) retarget(schema(doc, name));
    },
  },
  {
    what: 'Inbound location needs only `latitude` and `longitude`; an inbound document’s `filename`, a sticker’s `animated` and an audio’s `voice` are optional',
    why: 'A customer sharing where they are (not a named place) sends no `name` or `address`, and the server reads the others only when present: a message must not be refused for a field nobody reads.',
    apply(doc) {
      const own = (name: string, property: string): Json => {
        const member = (schema(doc, name).allOf as Json[]).find(
          (m) => (m.properties as Record<string, Json> | undefined)?.[property],
        );
        if (!member) throw new Error(`${name} has no ${property}: review this patch`);
        return (member.properties as Record<string, Json>)[property];
      };
      const location = own('LocationMessage_1', 'location');
      location.required = ['latitude', 'longitude'];
      for (const [name, property, optional] of [
        ['DocumentMessage_1', 'document', 'filename'],
        ['StickerMessage_1', 'sticker', 'animated'],
        ['AudioMessage_1', 'audio', 'voice'],
      ] as const) {
        for (const member of own(name, property).allOf as Json[]) {
          if (Array.isArray(member.required)) {
            member.required = (member.required as string[]).filter((field) => field !== optional);
            if ((member.required as string[]).length === 0) delete member.required;
          }
        }
      }
    },
  },
  {
    what: '`ContextObject.referred_product` is no longer required',
    why: 'A customer’s reply quoting one of our messages carries `context: { from, id }` only; `referred_product` comes with product inquiries.',
    apply(doc) {
      const context = schema(doc, 'ContextObject');
      context.required = (context.required as string[]).filter((name) => name !== 'referred_product');
    },
  },
];

/** Every `#/components/...` reference (and discriminator mapping) reachable from `node`, transitively. */
function reachable(doc: Doc, roots: unknown[], defined: Record<string, unknown> = {}): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const queue = [...roots];
  const see = (ref: string) => {
    const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
    if (!match) throw new Error(`unexpected $ref ${ref}`);
    const [, kind, name] = match;
    if (kind === 'schemas' && name in defined) return;
    const names = found.get(kind) ?? new Set<string>();
    found.set(kind, names);
    if (names.has(name)) return;
    names.add(name);
    const target = doc.components[kind]?.[name];
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    queue.push(target);
  };
  while (queue.length > 0) {
    const node = queue.pop();
    if (Array.isArray(node)) {
      queue.push(...node);
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string') see(value);
      else if (key === 'mapping' && value && typeof value === 'object')
        Object.values(value as Json).forEach((ref) => typeof ref === 'string' && see(ref));
      else if (key === 'security' && Array.isArray(value))
        value.forEach((requirement: Json) =>
          Object.keys(requirement).forEach((name) => see(`#/components/securitySchemes/${name}`)),
        );
      else queue.push(value);
    }
  }
  return found;
}

const HEADER = (patches: Patch[]) =>
  [
    'WhatsApp Cloud API: the part of Meta’s Business Messaging API v23.0 this server uses.',
    'GENERATED by scripts/whatsapp/trim-meta-contract.ts (npm run whatsapp:contract): do not edit.',
    `Source: business-messaging-api_v23.0.yaml (facebook/openapi), SHA-256 ${META_SOURCE_SHA256}.`,
    'Copyright (c) Meta Platforms, Inc. and affiliates. MIT License: see LICENSE beside this file.',
    '',
    'Patches to Meta’s text:',
    ...patches.flatMap((patch, i) => [`${i + 1}. ${patch.what}`, `   Why: ${patch.why}`]),
  ]
    .map((line) => (line ? `# ${line}` : '#'))
    .join('\n');

/** The trimmed, patched document (an object) from the source's text. */
export function trimmedDocument(sourceText: string): Doc {
  const source = parse(sourceText) as Doc;
  const paths: Record<string, Json> = {};
  for (const [path, methods] of Object.entries(KEPT)) {
    const item = source.paths[path];
    if (!item) throw new Error(`Meta's file has no path ${path}`);
    const kept: Json = {};
    for (const [key, value] of Object.entries(item)) {
      if (['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'].includes(key)) {
        if (methods.includes(key)) kept[key] = clone(value);
      } else kept[key] = clone(value);
    }
    paths[path] = kept;
  }
  const doc: Doc = {
    openapi: source.openapi,
    info: {
      title: 'WhatsApp Cloud API (trimmed from Meta’s Business Messaging API)',
      version: (source.info as Json).version,
      description:
        'The operations of Meta’s WhatsApp Business Platform contract that the reference server calls (sending, media, templates) ' +
        'or serves (the webhook), with the patches listed at the top of this file.',
      contact: (source.info as Json).contact,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'https://graph.facebook.com', description: 'WhatsApp Business Cloud API' }],
    paths,
    components: clone(source.components) as Doc['components'],
  };
  for (const patch of PATCHES) patch.apply(doc);
  // Keep only the components the kept operations reach, in Meta's order.
  const used = reachable(doc, [doc.paths]);
  const components: Doc['components'] = {};
  for (const [kind, entries] of Object.entries(doc.components)) {
    const names = used.get(kind);
    if (!names) continue;
    components[kind] = Object.fromEntries(Object.entries(entries).filter(([name]) => names.has(name)));
  }
  doc.components = components;
  return doc;
}

/** whatsapp-cloud.yaml's text for the trimmed document. */
const trimmedText = (doc: Doc): string =>
  `${HEADER(PATCHES)}\n${stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false })}`;

/** Annotations and formats the webhook reader does not check (Meta's own examples break some formats). */
const READER_DROPS = new Set(['example', 'examples', 'discriminator', 'description', 'format']);

function toDefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDefs);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (READER_DROPS.has(key)) continue;
    out[key] =
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', '#/$defs/')
        : key === 'properties'
          ? Object.fromEntries(Object.entries(value as Json).map(([name, v]) => [name, toDefs(v)]))
          : toDefs(value);
  }
  return out;
}

/**
 * The JSON Schema a webhook body is validated with (server/channels/whatsapp/inbound-schema.ts), derived from
 * the trimmed contract's webhook schemas. Strict on what the server reads: every message's `from`, `id`,
 * `timestamp` and `type`, and for the types Meta describes, that type's own fields (text.body, image.id,
 * …); every status's `id`, `status`, `timestamp` and `recipient_id`. Lenient where Meta adds things:
 * unknown fields pass everywhere, a message of a type Meta has not described yet passes on its common
 * fields, and a change of another `field` (group events…) passes with its value unread.
 */
export function webhookPayloadSchema(doc: Doc): Json {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const incoming = schema(doc, 'IncomingMessage');
  const mapping = {
    ...((incoming.discriminator as Json).mapping as Record<string, string>),
    system: '#/components/schemas/SystemMessage',
  };
  const lenient: Record<string, Json> = {
    Change: {
      type: 'object',
      required: ['field', 'value'],
      properties: { field: { type: 'string' }, value: ref('ChangeValue') },
    },
    ChangeValue: {
      type: 'object',
      properties: {
        messaging_product: { type: 'string' },
        metadata: ref('Metadata'),
        contacts: { type: 'array', items: ref('ContactProfile') },
        messages: { type: 'array', items: ref('InboundMessage') },
        statuses: { type: 'array', items: ref('Statuses') },
        errors: { type: 'array', items: ref('StatusError') },
      },
    },
    InboundMessage: {
      allOf: [
        ref('BaseMessageProperties_1'),
        { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
        ...Object.entries(mapping).map(([type, target]) => ({
          if: { type: 'object', required: ['type'], properties: { type: { const: type } } },
          then: { $ref: target },
        })),
      ],
    },
  };
  const used = reachable(doc, [ref('WebhookPayload'), ...Object.values(lenient)], lenient).get('schemas') ?? new Set();
  const defs: Json = {};
  for (const [name, value] of Object.entries(schemas(doc))) {
    if (used.has(name) && !(name in lenient)) defs[name] = toDefs(value);
  }
  for (const [name, value] of Object.entries(lenient)) defs[name] = toDefs(value);
  // The reader's Change replaces Meta's (a oneOf whose group schemas Meta's own group examples do
  // not meet, with a `field` enum they break): drop what only Meta's Change reached.
  const kept = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
        const name = value.slice('#/$defs/'.length);
        if (!kept.has(name)) {
          kept.add(name);
          walk(defs[name]);
        }
      } else walk(value);
    }
  };
  walk({ $ref: '#/$defs/WebhookPayload' });
  for (const name of Object.keys(defs)) if (!kept.has(name)) delete defs[name];
  return {
    $schema: SCHEMA_DIALECT,
    title: 'WhatsApp webhook payload (as the reference server reads it)',
    $comment: `GENERATED by scripts/whatsapp/trim-meta-contract.ts from whatsapp-cloud.yaml (Meta's business-messaging-api_v23.0.yaml, SHA-256 ${META_SOURCE_SHA256}): do not edit.`,
    $ref: '#/$defs/WebhookPayload',
    $defs: defs,
  };
}

const PATCHES_START = '<!-- patches:start (written by npm run whatsapp:contract) -->';
const PATCHES_END = '<!-- patches:end -->';

/** README.md with its patch list (between the markers) written from PATCHES. */
export function readmeWithPatches(readme: string): string {
  const start = readme.indexOf(PATCHES_START);
  const end = readme.indexOf(PATCHES_END);
  if (start === -1 || end < start) throw new Error(`README.md lacks the markers ${PATCHES_START} … ${PATCHES_END}`);
  const list = PATCHES.map((patch, i) => `${i + 1}. **${patch.what}.** ${patch.why}`).join('\n');
  return `${readme.slice(0, start)}${PATCHES_START}\n\n${list}\n\n${readme.slice(end)}`;
}

/** Every file the script derives, by absolute path → its text. */
export function deriveContractFiles(sourceBytes: Uint8Array, readme: string): Map<string, string> {
  assertPinnedSource(sourceBytes);
  const text = Buffer.from(sourceBytes).toString('utf8');
  const doc = trimmedDocument(text);
  return new Map([
    [TRIMMED_FILE, trimmedText(doc)],
    [WEBHOOK_SCHEMA_FILE, `${JSON.stringify(webhookPayloadSchema(doc), null, 2)}\n`],
    [README_FILE, readmeWithPatches(readme)],
  ]);
}
