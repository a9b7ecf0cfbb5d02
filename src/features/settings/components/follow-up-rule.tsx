import { WHATSAPP_WINDOW_HOURS } from '../follow-up-rules';
import { TemplateText, type FollowUpTemplate } from '../follow-up-template';

/**
 * Under the hours: which message the delay sends. Under 24 hours the text as written; from 24
 * hours on the approved follow-up template, whose text is shown. A standing note, not a live
 * region: it must not be announced on every keystroke.
 */
export function FollowUpRule({ id, hours, template }: { id: string; hours: number; template: FollowUpTemplate }) {
  if (hours < WHATSAPP_WINDOW_HOURS) {
    return (
      <p id={id} className="settings-rule">
        <i className="pi pi-info-circle" aria-hidden="true" /> Under 24 hours, the Follow-up Message below is sent as
        written.
      </p>
    );
  }
  if (template.state === 'unknown') {
    // A backend without templates: the general rule, as before.
    return (
      <p id={id} className="settings-window-warning">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> WhatsApp only allows free-form messages within{' '}
        {WHATSAPP_WINDOW_HOURS} hours of the customer&apos;s last message. Follow-ups sent later than that need a
        message template approved by WhatsApp.
      </p>
    );
  }
  return (
    <div id={id} className="settings-window-warning">
      <p>
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> From 24 hours on, WhatsApp accepts only approved
        templates, so the approved follow-up template is sent instead of the Follow-up Message below
        {template.state === 'found' ? ':' : '.'}
      </p>
      {template.state === 'found' && (
        <blockquote className="settings-template-text">
          <TemplateText template={template.template} />
        </blockquote>
      )}
      {template.state === 'loading' && <p>Loading the template...</p>}
      {template.state === 'none' && (
        <p>There is no approved follow-up template yet, so no follow-up can be sent after 24 hours.</p>
      )}
    </div>
  );
}
