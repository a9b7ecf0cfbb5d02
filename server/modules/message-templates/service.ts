// WhatsApp-approved templates (migration 007 seeds the business's four). The
// only messages that reach a customer once the 24-hour reply window has
// closed; approval happens at Meta, so the server keeps the list read-only.
import type { Kysely } from 'kysely';
import type { components } from '../../contract/types';
import type { DB, MessageTemplatesTable, OutboxTemplate } from '../../db/schema';
import { unprocessable } from '../../errors';

export type MessageTemplate = components['schemas']['MessageTemplate'];
type Row = {
  [K in keyof MessageTemplatesTable]: K extends 'variables'
    ? { label: string; example?: string }[]
    : MessageTemplatesTable[K];
};

const toTemplate = (row: Row): MessageTemplate => ({
  id: row.id,
  name: row.name,
  label: row.label,
  language: row.language,
  body: row.body,
  variables: row.variables,
});

/**
 * The template's text with {{1}}, {{2}}… filled in order. Every variable is
 * required and not blank, and there are no more values than placeholders:
 * WhatsApp refuses a template sent otherwise, so the customer would get
 * nothing.
 */
export function fillTemplate(template: MessageTemplate, values: string[]): string {
  const missing = template.variables.find((_, i) => !values[i]?.trim());
  if (missing) throw unprocessable(`Fill in every variable of the template: ${missing.label}`);
  const n = template.variables.length;
  if (values.length > n) throw unprocessable(`The template has ${n} variable${n === 1 ? '' : 's'}`);
  return template.body.replace(/\{\{(\d+)\}\}/g, (whole, i: string) => values[Number(i) - 1] ?? whole);
}

export const outboxTemplate = (template: MessageTemplate, values: string[]): OutboxTemplate => ({
  name: template.name,
  language: template.language,
  variables: values,
});

export function messageTemplatesService(db: Kysely<DB>) {
  const find = async (id: number) => {
    const row = (await db.selectFrom('message_templates').selectAll().where('id', '=', id).executeTakeFirst()) as
      Row | undefined;
    return row && toTemplate(row);
  };
  return {
    list: async () =>
      ((await db.selectFrom('message_templates').selectAll().orderBy('label').orderBy('id').execute()) as Row[]).map(
        toTemplate,
      ),
    find,
    byName: async (name: string) => {
      const row = (await db.selectFrom('message_templates').selectAll().where('name', '=', name).executeTakeFirst()) as
        Row | undefined;
      return row && toTemplate(row);
    },
  };
}
