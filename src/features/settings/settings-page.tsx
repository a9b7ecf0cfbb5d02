import { useEffect, useState } from 'react';
import './settings.css';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { InputTextarea } from 'primereact/inputtextarea';
import { ProgressSpinner } from 'primereact/progressspinner';
import {
  useGetFollowUpSettings,
  useRunFollowUpCheck,
  useUpdateFollowUpSettings,
} from '../../api/generated/endpoints/follow-ups/follow-ups';
import type { FollowUpSettings } from '../../api/generated/model/followUpSettings';
import { serverMessage } from '../../api/mutator';
import { useToast } from '../../lib/toast/toast-context';
import { useInFlight } from '../../lib/forms/use-in-flight';
import { useUnsavedChanges } from '../../lib/forms/use-unsaved-changes';
import { UnsavedChangesDialog } from '../../lib/forms/unsaved-changes-dialog';
import {
  DEFAULT_SETTINGS,
  MAX_HOURS,
  MIN_HOURS,
  WHATSAPP_WINDOW_HOURS,
  checkResultMessage,
  hoursHint,
  parseHours,
  validateFollowUp,
} from './follow-up-rules';
import { LoadError } from '../../components/ui/load-error';

const same = (a: FollowUpSettings, b: FollowUpSettings) =>
  a.enabled === b.enabled && a.hoursUntilFollowUp === b.hoursUntilFollowUp && a.followUpMessage === b.followUpMessage;

export function SettingsPage() {
  // A double click on Save Settings or Test Now sends once; each button has its own guard, so
  // Test Now right after a save is not swallowed.
  const saveOnce = useInFlight();
  const checkOnce = useInFlight();
  const toast = useToast();
  const settings = useGetFollowUpSettings();
  const [form, setForm] = useState<FollowUpSettings>(DEFAULT_SETTINGS);
  // The hours text as typed, so a half-typed entry is not rewritten under the cursor.
  const [hoursText, setHoursText] = useState(String(DEFAULT_SETTINGS.hoursUntilFollowUp));
  // What the server holds as far as this screen knows: what it sent, or what it accepted last.
  const [saved, setSaved] = useState<FollowUpSettings>(DEFAULT_SETTINGS);

  useEffect(() => {
    if (!settings.data) return;
    setForm(settings.data);
    setSaved(settings.data);
    setHoursText(String(settings.data.hoursUntilFollowUp));
  }, [settings.data]);

  const { blocker } = useUnsavedChanges(!same(form, saved));

  const save = useUpdateFollowUpSettings({
    mutation: {
      onSuccess: async (_result, { data }) => {
        // Saved: leaving no longer asks, even before the refetch below has answered.
        setSaved(data);
        await settings.refetch();
        toast({ title: 'Settings saved', description: 'Follow-up settings have been updated successfully.' });
      },
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to save settings', variant: 'destructive' }),
    },
  });
  const check = useRunFollowUpCheck({
    mutation: {
      onSuccess: (result) => toast({ title: 'Follow-up check completed', description: checkResultMessage(result) }),
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to run follow-up check', variant: 'destructive' }),
    },
  });

  const onSave = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const body = { ...form, hoursUntilFollowUp: parseHours(hoursText) };
    const failure = validateFollowUp(body);
    if (failure) {
      toast({ ...failure, variant: 'destructive' });
      return;
    }
    setForm(body);
    saveOnce((settled) => save.mutate({ data: body }, { onSettled: settled }));
  };

  if (settings.isLoading) {
    return (
      <div className="page settings-page">
        <h1>Settings</h1>
        <div role="status" aria-label="Loading settings">
          <ProgressSpinner style={{ width: '3rem', height: '3rem' }} />
        </div>
      </div>
    );
  }

  const hours = parseHours(hoursText);
  const off = !form.enabled;
  return (
    <div className="page settings-page">
      <h1>Settings</h1>
      {settings.isError && (
        <LoadError className="settings-load-error" message="Failed to load settings; the form shows the defaults." onRetry={settings.refetch} />
      )}
      <form className="card settings-card" onSubmit={onSave} noValidate>
        <h2>Automated Follow-up System</h2>
        <div className="settings-field settings-switch">
          <InputSwitch
            inputId="follow-up-enabled"
            checked={form.enabled}
            onChange={(e) => setForm((f) => ({ ...f, enabled: Boolean(e.value) }))}
          />
          <label htmlFor="follow-up-enabled">Enable Follow-ups</label>
        </div>
        <div className="settings-field">
          <label htmlFor="follow-up-hours">Hours Until Follow-up (1-168)</label>
          <input
            id="follow-up-hours"
            className="p-inputtext"
            type="number"
            min={MIN_HOURS}
            max={MAX_HOURS}
            value={hoursText}
            disabled={off}
            aria-describedby="follow-up-hours-hint"
            onChange={(e) => {
              setHoursText(e.target.value);
              setForm((f) => ({ ...f, hoursUntilFollowUp: parseHours(e.target.value) }));
            }}
          />
          <small id="follow-up-hours-hint" className="settings-hint">
            {hoursHint(hours)}
          </small>
          {hours > WHATSAPP_WINDOW_HOURS && (
            // A standing note, not an alert: it must not be announced on every keystroke.
            <p className="settings-window-warning">
              <i className="pi pi-exclamation-triangle" aria-hidden="true" /> WhatsApp only allows free-form messages within 24
              hours of the customer&apos;s last message. Follow-ups sent later than that need a message template approved by
              WhatsApp.
            </p>
          )}
        </div>
        <div className="settings-field">
          <label htmlFor="follow-up-message">Follow-up Message</label>
          <InputTextarea
            id="follow-up-message"
            rows={4}
            value={form.followUpMessage}
            disabled={off}
            onChange={(e) => setForm((f) => ({ ...f, followUpMessage: e.target.value }))}
          />
        </div>
        <div className="settings-actions">
          <Button
            type="submit"
            label={save.isPending ? 'Saving...' : 'Save Settings'}
            icon={save.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-save'}
            disabled={save.isPending}
          />
          <Button
            type="button"
            label="Test Now"
            outlined
            icon={check.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-send'}
            disabled={off || check.isPending}
            onClick={() => checkOnce((settled) => check.mutate(undefined, { onSettled: settled }))}
          />
        </div>
      </form>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
