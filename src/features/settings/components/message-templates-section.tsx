import { isMissing } from '../../../api/error-message';
import { useListMessageTemplates } from '../../../api/generated/endpoints/message-templates/message-templates';
import { LoadError } from '../../../components/ui/load-error';

/**
 * The business's WhatsApp-approved templates (beyond the spec), read-only: they
 * are approved at Meta. A backend without them (404) shows no section.
 */
export function MessageTemplatesSection() {
  const templates = useListMessageTemplates();
  if (isMissing(templates.error)) return null;
  return (
    <section className="card settings-card" aria-labelledby="templates-title">
      <h2 id="templates-title">Message templates</h2>
      <p className="settings-hint">
        After the 24-hour reply window closes, WhatsApp accepts only these approved templates. They are approved at Meta
        and cannot be edited here.
      </p>
      {templates.isPending ? (
        <p role="status">Loading templates...</p>
      ) : templates.isError ? (
        <LoadError message="Failed to load templates" onRetry={templates.refetch} />
      ) : templates.data.length === 0 ? (
        <p>No approved templates yet.</p>
      ) : (
        <ul className="settings-list">
          {templates.data.map((template) => (
            <li key={template.id} className="settings-item">
              <h3>{template.label}</h3>
              <p className="settings-hint">
                {template.name} · {template.language}
              </p>
              <p className="settings-item-text">{template.body}</p>
              {template.variables.length > 0 && (
                <p className="settings-hint">
                  {template.variables.map((variable, i) => `{{${i + 1}}} ${variable.label}`).join(' · ')}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
