// WhatsApp-approved templates: the only messages that reach a customer once
// the 24-hour reply window has closed. Approval happens at Meta, so the
// server keeps the list read-only for staff. Without WhatsApp (development,
// the demo) the list is the demo templates: migration 007's four and 032's
// order_update in English and Swahili. With WhatsApp
// connected (main.ts calls useSync), the list is what the business account
// has approved, synced from Meta (server/channels/whatsapp/sender/templates-sync.ts)
// at start, every few hours, from Settings' "Sync templates" and when
// WhatsApp says a template is unknown; each sync replaces the whole set, the
// demo templates included, and until a first sync the demo ones are hidden.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { DB, MessageTemplatesTable, OutboxTemplate } from '../../db/schema';
import { HttpError, conflict, unprocessable } from '../../app/errors';

export type MessageTemplate = components['schemas']['MessageTemplate'];
export type TemplateVariable = { label: string; example?: string; name?: string };
/** A template as the server keeps it: the contract's fields and how WhatsApp takes its parameters. */
export type StoredTemplate = MessageTemplate & {
  parameterFormat: 'positional' | 'named';
  /** For a named template, the parameters' names in order. */
  parameterNames?: string[];
};
/** One approved template read from WhatsApp, ready to store. */
export type SyncedTemplate = {
  whatsappId: string;
  name: string;
  language: string;
  label: string;
  body: string;
  parameterFormat: 'positional' | 'named';
  variables: TemplateVariable[];
};
export type SyncResult = { synced: number; approved: number };

type Row = Omit<Selectable<MessageTemplatesTable>, 'variables'> & { variables: TemplateVariable[] };

export const NOT_CONNECTED =
  'WhatsApp is not connected to this server yet, so there are no templates to sync. Whoever runs the server connects it (README: Connecting WhatsApp).';

/** The contract's MessageTemplate (a variable's parameter name stays inside). */
const toTemplate = (row: Row): MessageTemplate => ({
  id: row.id,
  name: row.name,
  label: row.label,
  language: row.language,
  body: row.body,
  variables: row.variables.map(({ label, example }) => ({ label, ...(example !== undefined && { example }) })),
});

const toStored = (row: Row): StoredTemplate => ({
  ...toTemplate(row),
  parameterFormat: row.parameter_format,
  ...(row.parameter_format === 'named' && { parameterNames: placeholders(row.body, 'named') }),
});

const POSITIONAL = /\{\{\s*(\d+)\s*\}\}/g;
const NAMED = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g;

/**
 * The template's parameters as WhatsApp counts them, from its body:
 * positional {{1}}, {{2}}… by number, or named {{customer_name}}… in the
 * order they first appear; each counted once however often it is repeated.
 */
export function placeholders(body: string, format: 'positional' | 'named'): string[] {
  if (format === 'named') return [...new Set([...body.matchAll(NAMED)].map((m) => m[1]))];
  return [...new Set([...body.matchAll(POSITIONAL)].map((m) => Number(m[1])))].sort((a, b) => a - b).map(String);
}

/**
 * The template's text with its parameters filled, in order. As many values
 * as the template has parameters, counted from its body, none blank:
 * WhatsApp refuses a template sent otherwise (132000), so the customer would
 * get nothing; the answer is 422 before anything is stored or sent.
 */
export function fillTemplate(template: StoredTemplate | MessageTemplate, values: string[]): string {
  const format = 'parameterFormat' in template ? template.parameterFormat : 'positional';
  const keys = placeholders(template.body, format);
  const n = keys.length;
  const label = (i: number) => template.variables[i]?.label ?? `Variable ${i + 1}`;
  const missing = keys.findIndex((_, i) => !values[i]?.trim());
  if (missing >= 0) throw unprocessable(`Fill in every variable of the template: ${label(missing)}`);
  if (values.length > n) throw unprocessable(`The template has ${n} variable${n === 1 ? '' : 's'}`);
  const at = new Map(keys.map((key, i) => [key, values[i]]));
  return template.body.replace(
    format === 'named' ? NAMED : POSITIONAL,
    (whole, key: string) => at.get(format === 'named' ? key : String(Number(key))) ?? whole,
  );
}

export const outboxTemplate = (template: StoredTemplate | MessageTemplate, values: string[]): OutboxTemplate => ({
  name: template.name,
  language: template.language,
  variables: values,
  ...('parameterNames' in template && template.parameterNames && { parameterNames: template.parameterNames }),
});

export function messageTemplatesService(db: Kysely<DB>, deps: { now?: () => Date } = {}) {
  const now = deps.now ?? (() => new Date());
  /** Set when WhatsApp is connected: fetches the approved templates from Meta and stores them. */
  let syncer: (() => Promise<SyncResult>) | undefined;
  /** With WhatsApp connected, only what WhatsApp approved is offered (the demo's templates are not). */
  const offered = () => {
    const query = db.selectFrom('message_templates').selectAll();
    return syncer ? query.where('whatsapp_id', 'is not', null) : query;
  };
  const one = async (found: Promise<unknown>) => {
    const row = (await found) as Row | undefined;
    return row && toStored(row);
  };
  return {
    list: async () => ((await offered().orderBy('label').orderBy('id').execute()) as Row[]).map(toTemplate),
    find: (id: number) => one(offered().where('id', '=', id).executeTakeFirst()),
    /** The approved template of that name: in Swahili (language sw) for 'sw' when there is one, else another. */
    byName: (name: string, language: 'en' | 'sw' = 'en') =>
      one(
        offered()
          .where('name', '=', name)
          .orderBy(sql`(language = 'sw') = ${language === 'sw'}`, 'desc')
          .orderBy('id')
          .executeTakeFirst(),
      ),

    /** WhatsApp is connected: `sync` reads its templates (server/channels/whatsapp/sender/templates-sync.ts). */
    useSync(sync: () => Promise<SyncResult>): void {
      syncer = sync;
    },
    /** POST /api/message-templates/sync: 409 without WhatsApp, 502 when WhatsApp did not answer. */
    async sync(): Promise<SyncResult> {
      if (!syncer) throw conflict(NOT_CONNECTED);
      try {
        return await syncer();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(
          502,
          error instanceof Error && error.message
            ? error.message
            : 'WhatsApp did not answer; the templates were not synced. Try again later.',
        );
      }
    },

    /**
     * The approved templates WhatsApp listed become the whole set: each
     * (name, language) keeps its id from one sync to the next; any other
     * template — one no longer approved, the demo's — is removed.
     */
    async replaceWithSynced(templates: SyncedTemplate[]): Promise<number> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const kept: number[] = [];
        for (const t of templates) {
          const row = await trx
            .insertInto('message_templates')
            .values({
              name: t.name,
              language: t.language,
              label: t.label,
              body: t.body,
              variables: JSON.stringify(t.variables),
              whatsapp_id: t.whatsappId,
              parameter_format: t.parameterFormat,
              synced_at: at,
            })
            .onConflict((oc) =>
              oc.columns(['name', 'language']).doUpdateSet((eb) => ({
                label: eb.ref('excluded.label'),
                body: eb.ref('excluded.body'),
                variables: eb.ref('excluded.variables'),
                whatsapp_id: eb.ref('excluded.whatsapp_id'),
                parameter_format: eb.ref('excluded.parameter_format'),
                synced_at: eb.ref('excluded.synced_at'),
              })),
            )
            .returning('id')
            .executeTakeFirstOrThrow();
          kept.push(row.id);
        }
        let removal = trx.deleteFrom('message_templates');
        if (kept.length > 0) removal = removal.where('id', 'not in', kept);
        await removal.execute();
        return kept.length;
      });
    },
  };
}
