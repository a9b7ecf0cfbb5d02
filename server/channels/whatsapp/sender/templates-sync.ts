// The approved templates of the WhatsApp business account, read from Meta
// (GET /{Version}/{WABA-ID}/message_templates, every page) and stored as the
// dashboard's template list (modules/message-templates). Run at start, every
// 6 hours, from Settings' "Sync templates" (POST /api/message-templates/sync)
// and when a send says a template is unknown (132001, 132000).
//
// Only templates the dashboard can send whole are kept: APPROVED, with
// parameters in the body only ({{1}}… or {{name}}…, at most 10), a text
// header without parameters if any, and buttons that need no value (quick
// replies, a phone number, a fixed link). A template with a picture header,
// a parameter in its header or link, or a code button needs values this
// dashboard does not ask for, and WhatsApp would refuse it without them.
//
// Paging: each page's `paging.next` says whether another follows; the next
// page is asked for with its `paging.cursors.after` through the same typed
// client. `paging.next` itself is never fetched: Meta's next URL carries the
// access token in its query, and the token stays in the Authorization header.
import type { paths } from '../generated/cloud-api';
import { createGraphClient } from '../graph-client';
import type { SyncResult, SyncedTemplate, TemplateVariable } from '../../../modules/message-templates/service';
import { classifyGraphError, classifyNetworkError, redact } from './graph-errors';
import { clip } from '../../../app/text';

type ListAnswer =
  paths['/{Version}/{WABA-ID}/message_templates']['get']['responses']['200']['content']['application/json'];
/** One template as Meta lists it. */
export type GraphTemplate = NonNullable<ListAnswer['data']>[number];

export type TemplateSyncOptions = {
  graphUrl: string;
  accessToken: string;
  /** WHATSAPP_BUSINESS_ACCOUNT_ID: whose templates are read. */
  businessAccountId: string;
  version?: string;
  fetch?: (request: Request) => Promise<Response>;
  /** Where the approved templates go (messageTemplatesService). */
  templates: { replaceWithSynced(templates: SyncedTemplate[]): Promise<number> };
  log?: {
    info(fields: Record<string, unknown>, message: string): void;
    warn(fields: Record<string, unknown>, message: string): void;
  };
  /** Templates per page (default 100). */
  pageSize?: number;
  /** A business account with more pages than this is read no further (default 100 pages). */
  maxPages?: number;
  /** One page's answer after this long is abandoned (default 20 s). */
  timeoutMs?: number;
  /** A sync after a send's template error waits this long after the previous one (default 60 s). */
  resyncEveryMs?: number;
};

const SIX_HOURS = 6 * 3_600_000;
const LABEL_MAX = 100;
const VARIABLE_LABEL_MAX = 60;
const EXAMPLE_MAX = 200;
const VARIABLES_MAX = 10;
const BODY_MAX = 1024;
const NAME = /^[a-z0-9_]+$/;
const POSITIONAL = /\{\{\s*(\d+)\s*\}\}/g;
const NAMED = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g;
const ANY_PARAMETER = /\{\{[^}]*\}\}/;
const HAS_POSITIONAL = /\{\{\s*\d+\s*\}\}/;
const HAS_NAMED = /\{\{\s*[a-z_][a-z0-9_]*\s*\}\}/;
/** Buttons that need no value when the template is sent. */
const PLAIN_BUTTONS = new Set(['QUICK_REPLY', 'PHONE_NUMBER', 'URL', 'VOICE_CALL']);

/** "quote_ready" → "Quote ready". */
const humanize = (name: string) => {
  const words = name.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Why the sync failed, in words staff can act on (POST /api/message-templates/sync answers it with 502). */
export class TemplateSyncError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateSyncError';
  }
}

type Component = {
  type?: string;
  format?: string;
  text?: string;
  buttons?: { type?: string; text?: string; url?: string; example?: unknown }[];
  example?: { body_text?: string[][]; body_text_named_params?: { param_name?: string; example?: string }[] };
};

/**
 * The template as the dashboard keeps it, or undefined when it is not
 * approved or needs values the dashboard does not ask for (see the top).
 */
export function toSyncedTemplate(template: GraphTemplate): SyncedTemplate | undefined {
  const t = template as GraphTemplate & { parameter_format?: string; components?: Component[] };
  if (t.status !== 'APPROVED' || !t.id || !t.name || !NAME.test(t.name) || t.name.length > 512) return undefined;
  if (!t.language || t.language.length < 2 || t.language.length > 10) return undefined;
  const components = (t.components ?? []) as Component[];
  const body = components.find((c) => c.type?.toUpperCase() === 'BODY');
  if (!body?.text?.trim() || body.text.length > BODY_MAX) return undefined;
  for (const c of components) {
    const type = c.type?.toUpperCase();
    if (type === 'HEADER' && ((c.format && c.format.toUpperCase() !== 'TEXT') || ANY_PARAMETER.test(c.text ?? '')))
      return undefined;
    if (type === 'BUTTONS')
      for (const b of c.buttons ?? [])
        if (!PLAIN_BUTTONS.has(b.type?.toUpperCase() ?? '') || ANY_PARAMETER.test(b.url ?? '')) return undefined;
  }
  const text = body.text;
  const named = t.parameter_format?.toUpperCase() === 'NAMED' || (!HAS_POSITIONAL.test(text) && HAS_NAMED.test(text));
  let variables: TemplateVariable[];
  if (named) {
    const names = [...new Set([...text.matchAll(NAMED)].map((m) => m[1]))];
    const examples = new Map(
      (body.example?.body_text_named_params ?? []).map((p) => [p.param_name ?? '', p.example ?? '']),
    );
    variables = names.map((name) => ({
      label: clip(humanize(name), VARIABLE_LABEL_MAX),
      name,
      ...(examples.get(name) && { example: clip(examples.get(name)!, EXAMPLE_MAX) }),
    }));
  } else {
    if (ANY_PARAMETER.test(text.replace(POSITIONAL, ''))) return undefined; // a mix WhatsApp would not have approved
    const numbers = [...new Set([...text.matchAll(POSITIONAL)].map((m) => Number(m[1])))].sort((a, b) => a - b);
    // WhatsApp numbers them 1, 2, 3… without gaps.
    if (numbers.some((n, i) => n !== i + 1)) return undefined;
    const examples = body.example?.body_text?.[0] ?? [];
    variables = numbers.map((n, i) => ({
      label: `Variable ${n}`,
      ...(examples[i] && { example: clip(examples[i], EXAMPLE_MAX) }),
    }));
  }
  if (variables.length > VARIABLES_MAX) return undefined;
  return {
    whatsappId: t.id,
    name: t.name,
    language: t.language,
    label: clip(humanize(t.name), LABEL_MAX),
    body: text,
    parameterFormat: named ? 'named' : 'positional',
    variables,
  };
}

export function templateSync(options: TemplateSyncOptions) {
  const client = createGraphClient({
    graphUrl: options.graphUrl,
    accessToken: options.accessToken,
    version: options.version,
    fetch: options.fetch,
  });
  const pageSize = options.pageSize ?? 100;
  const maxPages = options.maxPages ?? 100;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const resyncEveryMs = options.resyncEveryMs ?? 60_000;
  let inFlight: Promise<SyncResult> | undefined;
  let lastResync = 0;

  /** Every template of the business account, all pages. */
  async function readAll(): Promise<GraphTemplate[]> {
    const all: GraphTemplate[] = [];
    let after: string | undefined;
    for (let page = 0; page < maxPages; page += 1) {
      let answer;
      try {
        answer = await client.GET('/{Version}/{WABA-ID}/message_templates', {
          params: {
            path: { Version: client.version, 'WABA-ID': options.businessAccountId },
            query: {
              fields: 'id,name,status,language,category,components,parameter_format',
              limit: pageSize,
              ...(after !== undefined && { after }),
            },
          },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TemplateSyncError(
          `The templates were not synced: ${classifyNetworkError(error, options.accessToken).message.replace(/; the message will be sent again\.$/, '.')} Try again later.`,
        );
      }
      const { data, error, response } = answer;
      if (!response.ok || !data) throw refusal(response.status, error);
      all.push(...(data.data ?? []));
      const cursor = data.paging?.cursors?.after;
      // The last page has a cursor but no `next`; a cursor that does not move would never end.
      if (!data.paging?.next || !cursor || cursor === after) return all;
      after = cursor;
    }
    options.log?.warn({ pages: maxPages }, `template sync: stopped after ${maxPages} pages`);
    return all;
  }

  function refusal(status: number, body: unknown): TemplateSyncError {
    const error = classifyGraphError(status, body, options.accessToken);
    const code = error.code;
    if (code === 100)
      return new TemplateSyncError(
        'WhatsApp does not know the business account, or the token cannot read it: check WHATSAPP_BUSINESS_ACCOUNT_ID and the token.',
      );
    if (error.name === 'TransientDeliveryError')
      return new TemplateSyncError('WhatsApp did not answer; the templates were not synced. Try again later.');
    return new TemplateSyncError(`The templates were not synced: ${redact(error.message, options.accessToken)}`);
  }

  async function run(): Promise<SyncResult> {
    const all = await readAll();
    const approved = all.map(toSyncedTemplate).filter((t): t is SyncedTemplate => t !== undefined);
    const stored = await options.templates.replaceWithSynced(approved);
    options.log?.info({ synced: all.length, approved: stored }, `templates synced from WhatsApp: ${stored} offered`);
    return { synced: all.length, approved: stored };
  }

  const sync = {
    /** Reads and stores the templates; a call while one runs shares its answer. */
    sync(): Promise<SyncResult> {
      inFlight ??= run().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    /** After a send's template error: at most once a minute, a failure logged. */
    async resync(): Promise<void> {
      const now = Date.now();
      if (now - lastResync < resyncEveryMs) return;
      lastResync = now;
      await sync.sync().catch((error: Error) => options.log?.warn({}, `template sync failed: ${error.message}`));
    },
    /** A sync now and every `everyMs` (default 6 hours), failures logged; returns the function that stops it. */
    start(everyMs = SIX_HOURS): () => void {
      const once = () =>
        void sync.sync().catch((error: Error) => options.log?.warn({}, `template sync failed: ${error.message}`));
      once();
      const timer = setInterval(once, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
  return sync;
}
