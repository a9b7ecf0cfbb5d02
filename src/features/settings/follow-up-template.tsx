// Which message a follow-up sends (beyond the spec's screen): WhatsApp accepts free text only
// within 24 hours of the customer's last message, so from a 24-hour delay on the approved
// follow-up template goes instead (openapi.yaml, POST /api/follow-ups/check).
import { Fragment } from 'react';
import { isMissing } from '../../api/error-message';
import { useListMessageTemplates } from '../../api/generated/endpoints/message-templates/message-templates';
import type { MessageTemplate } from '../../api/generated/model/messageTemplate';
import { WHATSAPP_WINDOW_HOURS } from './follow-up-rules';

/** The approved template the reference server sends as a follow-up once the reply window has closed. */
export const FOLLOW_UP_TEMPLATE_NAME = 'follow_up_reminder';

export type FollowUpTemplate =
  /** The backend has no templates (404): the spec's behaviour, the text as written. */
  { state: 'unknown' } | { state: 'loading' } | { state: 'none' } | { state: 'found'; template: MessageTemplate };

/** The approved follow-up template, as far as the backend tells. */
export function useFollowUpTemplate(): FollowUpTemplate {
  const templates = useListMessageTemplates();
  if (isMissing(templates.error) || templates.isError) return { state: 'unknown' };
  if (templates.isPending) return { state: 'loading' };
  const template = templates.data.find((t) => t.name === FOLLOW_UP_TEMPLATE_NAME);
  return template ? { state: 'found', template } : { state: 'none' };
}

/** Whether a follow-up after `hours` goes as the template (from 24 hours on, when the backend has templates). */
export const sendsTemplate = (hours: number, template: FollowUpTemplate) =>
  hours >= WHATSAPP_WINDOW_HOURS && template.state !== 'unknown';

/**
 * The template's text as a customer reads it, each `{{n}}` shown as its variable's label in a
 * marked slot (the reference server fills `{{1}}` with the customer's name).
 */
export function TemplateText({ template }: { template: MessageTemplate }) {
  const parts = template.body.split(/(\{\{\d+\}\})/);
  return (
    <>
      {parts.map((part, i) => {
        const slot = /^\{\{(\d+)\}\}$/.exec(part);
        if (!slot) return <Fragment key={i}>{part}</Fragment>;
        const label = template.variables[Number(slot[1]) - 1]?.label ?? `value ${slot[1]}`;
        return (
          <span key={i} className="template-slot">
            [{label.toLowerCase()}]
          </span>
        );
      })}
    </>
  );
}
