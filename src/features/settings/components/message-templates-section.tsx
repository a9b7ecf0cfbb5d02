import { useState } from 'react';
import { Button } from 'primereact/button';
import { isMissing, serverMessage } from '../../../api/error-message';
import {
  useListMessageTemplates,
  useSyncMessageTemplates,
} from '../../../api/generated/endpoints/message-templates/message-templates';
import { LoadError } from '../../../components/ui/load-error';
import { useToast } from '../../../lib/toast/toast-context';

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
      <SyncTemplatesButton />
    </section>
  );
}

/**
 * Fetches the templates from the WhatsApp business account now (POST
 * /api/message-templates/sync, beyond the spec); the list refetches after it
 * (the invalidation table). A POST is no probe, so the button shows until the
 * backend answers 404: then it goes, saying so once.
 */
function SyncTemplatesButton() {
  const sync = useSyncMessageTemplates();
  const toast = useToast();
  const [unsupported, setUnsupported] = useState(false);
  if (unsupported) return null;

  const run = async () => {
    try {
      const result = await sync.mutateAsync();
      toast({ title: `Templates synced: ${result.approved} approved.` });
    } catch (error) {
      if (isMissing(error)) {
        setUnsupported(true);
        toast({ title: 'Templates not synced', description: 'This backend does not sync templates.' });
        return;
      }
      toast({
        title: 'Templates not synced',
        description: serverMessage(error, 'Failed to sync templates'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="settings-actions">
      <Button
        type="button"
        label="Sync templates"
        icon={sync.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-refresh'}
        outlined
        aria-busy={sync.isPending}
        disabled={sync.isPending}
        onClick={() => void run()}
      />
    </div>
  );
}
