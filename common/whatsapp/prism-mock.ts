// Node-only. A WhatsApp Cloud API mock: Stoplight Prism serving the trimmed
// Meta contract (server/channels/whatsapp/contract/whatsapp-cloud.yaml) with --errors, so
// a request that breaks Meta's schema is refused with 422 (and an
// `sl-violations` header saying why) instead of being answered.
//
//   * static (default): each answer is the operation's first example; a test
//     picks another with `Prefer: example=<name>`, an error with
//     `Prefer: code=429, example=error-131056` (the examples sendMessage
//     declares: whatsapp-cloud.yaml, patch list);
//   * dynamic: answers generated from the schemas (distinct message ids).
//
// Prism reads a copy of the contract in which retrieveMediaUrl's `url` is this
// mock's own downloadMedia path, so the media download flow (retrieve the URL,
// GET it with the same token, check the SHA-256) runs end to end against it;
// in dynamic mode the copy also pins what must not be random (one wamid per
// send, the media's url, digest and bytes).
//
// Used by `npm run mock:whatsapp` (mocks/whatsapp/prism.ts) and the server's
// tests; in common/ because server tests may import only common/. Prism itself is started by
// common/dev/prism.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

import { PROJECT_ROOT } from '../contract/root';
import { freePort, httpUrl } from '../dev/ports';
import { startPrism, type PrismProcess } from '../dev/prism';
import { MOCK_MEDIA } from './webhook-payloads';

export const WHATSAPP_CONTRACT_FILE = join(
  PROJECT_ROOT,
  'server',
  'channels',
  'whatsapp',
  'contract',
  'whatsapp-cloud.yaml',
);
const MEDIA_DOWNLOAD_PATH = '/whatsapp_business/attachments/';

export type WhatsAppMockOptions = {
  /** Default: a free port. */
  port?: number;
  /** Answers generated from the schemas instead of the first example (distinct message ids). */
  dynamic?: boolean;
  /** With dynamic: repeatable data. */
  seed?: string;
  /** Each line Prism prints once listening (a request, a violation); default: kept quiet. */
  log?: (line: string) => void;
};

export type WhatsAppMock = {
  /** The Graph base URL to give the server (WHATSAPP_GRAPH_URL). */
  url: string;
  port: number;
  /** The media URL retrieveMediaUrl answers (this mock's downloadMedia). */
  mediaUrl: string;
  close(): Promise<void>;
};

type Json = Record<string, unknown>;

/** The trimmed contract with retrieveMediaUrl's url pointing at this mock (examples and schema). */
function mockContract(mediaUrl: string, dynamic: boolean): string {
  const doc = parse(readFileSync(WHATSAPP_CONTRACT_FILE, 'utf8')) as { paths: Record<string, Record<string, Json>> };
  const retrieve = doc.paths['/{Version}/{Media-ID}'].get;
  const media = ((retrieve.responses as Record<string, Json>)['200'].content as Record<string, Json>)[
    'application/json'
  ];
  const properties = (media.schema as Json).properties as Record<string, Json>;
  const examples = media.examples as Record<string, { value: Json }>;
  for (const example of Object.values(examples)) example.value.url = mediaUrl;
  // Dynamic mode generates from the schema: give it the one value that works.
  for (const name of ['url', 'sha256', 'file_size', 'mime_type'] as const) {
    const value = Object.values(examples)[0].value[name];
    properties[name] = { ...properties[name], enum: [value] };
  }
  // Dynamic mode: a send answers exactly one message with a wamid-like id, as the Cloud API does
  // (Meta's schema allows an empty list, which the sender rightly treats as a failure). Not in static
  // mode, where Meta's examples are answered (and checked against the schema: theirs vary in form).
  if (!dynamic) return stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });
  // …and a download answers the one file whose digest retrieveMediaUrl states, not random bytes.
  const download = doc.paths[MEDIA_DOWNLOAD_PATH].get;
  const file = ((download.responses as Record<string, Json>)['200'].content as Record<string, Json>)[
    'application/octet-stream'
  ];
  file.schema = { type: 'string', enum: [MOCK_MEDIA.bytes] };
  // …and the template list answers Meta's example page, not invented templates with an invented
  // `paging.next` on every page (which a sync would follow to its page limit).
  const templates = doc.paths['/{Version}/{WABA-ID}/message_templates'].get;
  const list = ((templates.responses as Record<string, Json>)['200'].content as Record<string, Json>)[
    'application/json'
  ];
  const listExamples = (list.examples ?? {}) as Record<string, { value: Json }>;
  const firstPage = Object.values(listExamples)[0]?.value ?? list.example;
  if (firstPage) list.schema = { type: 'object', enum: [firstPage] };
  const schemas = (doc as unknown as { components: { schemas: Record<string, Json> } }).components.schemas;
  const sent = schemas.MessageResponsePayload.properties as Record<string, Json>;
  sent.messages = {
    type: 'array',
    minItems: 1,
    maxItems: 1,
    items: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', pattern: '^wamid\\.[A-Za-z0-9]{32}$' } },
    },
  };
  return stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false });
}

/** Starts Prism on the trimmed contract; resolves once it listens. */
export async function startWhatsAppMock({
  port,
  dynamic = false,
  seed,
  log,
}: WhatsAppMockOptions = {}): Promise<WhatsAppMock> {
  const listenPort = port ?? (await freePort());
  const url = httpUrl(listenPort);
  const mediaUrl = `${url}${MEDIA_DOWNLOAD_PATH}?mid=2621233374848975&ext=1750269342&hash=ATsfB2WfVzq8`;
  const dir = mkdtempSync(join(tmpdir(), 'whatsapp-mock-'));
  const file = join(dir, 'whatsapp-cloud.mock.yaml');
  writeFileSync(file, mockContract(mediaUrl, dynamic));
  const removeCopy = () => rmSync(dir, { recursive: true, force: true });
  let prism: PrismProcess;
  try {
    prism = await startPrism({ file, port: listenPort, dynamic, seed, log });
  } catch (error) {
    removeCopy();
    throw error;
  }
  const close = async () => {
    await prism.close();
    removeCopy();
  };
  return { url, port: listenPort, mediaUrl, close };
}
