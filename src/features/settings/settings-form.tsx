import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { InputTextarea } from 'primereact/inputtextarea';
import { useRunFollowUpCheck } from '../../api/generated/endpoints/follow-ups/follow-ups';
import type { FollowUpSettings } from '../../api/generated/model/followUpSettings';
import { serverMessage } from '../../api/mutator';
import { useToast } from '../../lib/toast/toast-context';
import { useInFlight } from '../../lib/forms/use-in-flight';
import { MAX_HOURS, MIN_HOURS, checkResultMessage, hoursHint, parseHours } from './follow-up-rules';
import { sameSettings, settingsToFormValues, toSettingsBody, type SettingsFormValues } from './settings-form-values';
import { useFollowUpTemplate } from './follow-up-template';
import { FollowUpRule } from './components/follow-up-rule';
import { TestNowDialog } from './components/test-now-dialog';
import { useReportUnsaved } from './unsaved-sections';
import { useSaveSettings } from './use-save-settings';

/**
 * The follow-up settings form, filled from `settings` (what the server holds, or the defaults
 * when it could not be loaded). Leaving with unsaved changes asks first (UnsavedSections); after
 * a successful save those values count as saved, so leaving no longer asks.
 */
export function SettingsForm({ settings }: { settings: FollowUpSettings }) {
  const toast = useToast();
  const form = useForm<SettingsFormValues>({ defaultValues: settingsToFormValues(settings) });
  const values = useWatch({ control: form.control }) as SettingsFormValues;
  const saved = form.formState.defaultValues as SettingsFormValues;
  // Unsaved when an input differs from the saved value, reading the hours as a number.
  useReportUnsaved('follow-ups', form.formState.isDirty && !sameSettings(values, saved));
  // keepValues: what was typed while the save was under way stays, and counts as unsaved.
  const { save, isSaving } = useSaveSettings((stored) =>
    form.reset(settingsToFormValues(stored), { keepValues: true }),
  );

  // A double click on Test Now sends once; it has its own guard, apart from Save Settings', so
  // Test Now right after a save is not swallowed.
  const checkOnce = useInFlight();
  const check = useRunFollowUpCheck({
    mutation: {
      onSuccess: (result) => toast({ title: 'Follow-up check completed', description: checkResultMessage(result) }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error) ?? 'Failed to run follow-up check',
          variant: 'destructive',
        }),
    },
  });

  // Test Now asks first (beyond the spec), showing what the saved settings will send.
  const [confirming, setConfirming] = useState(false);
  const template = useFollowUpTemplate();
  const savedSettings = toSettingsBody(saved);
  const hours = parseHours(values.hours);
  const off = !values.enabled;
  return (
    <>
      <form className="card settings-card" onSubmit={form.handleSubmit(save)} noValidate>
        <h2>Automated Follow-up System</h2>
        <Controller
          name="enabled"
          control={form.control}
          render={({ field }) => (
            <div className="settings-field settings-switch">
              <InputSwitch
                inputId="follow-up-enabled"
                checked={field.value}
                onChange={(e) => field.onChange(Boolean(e.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
              <label htmlFor="follow-up-enabled">Enable Follow-ups</label>
            </div>
          )}
        />
        <div className="settings-field">
          <label htmlFor="follow-up-hours">Hours Until Follow-up (1-168)</label>
          <Controller
            name="hours"
            control={form.control}
            render={({ field }) => (
              <input
                id="follow-up-hours"
                className="p-inputtext"
                type="number"
                min={MIN_HOURS}
                max={MAX_HOURS}
                value={field.value}
                disabled={off}
                aria-describedby="follow-up-hours-hint follow-up-rule"
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <small id="follow-up-hours-hint" className="settings-hint">
            {hoursHint(hours)}
          </small>
          <FollowUpRule id="follow-up-rule" hours={hours} template={template} />
        </div>
        <div className="settings-field">
          <label htmlFor="follow-up-message">Follow-up Message</label>
          <Controller
            name="followUpMessage"
            control={form.control}
            render={({ field }) => (
              <InputTextarea
                id="follow-up-message"
                rows={4}
                value={field.value}
                disabled={off}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        </div>
        {settings.followUpMessageSw !== undefined && (
          <div className="settings-field">
            <label htmlFor="follow-up-message-sw">Follow-up Message (Swahili)</label>
            <Controller
              name="followUpMessageSw"
              control={form.control}
              render={({ field }) => (
                <InputTextarea
                  id="follow-up-message-sw"
                  lang="sw"
                  rows={4}
                  value={field.value ?? ''}
                  disabled={off}
                  aria-describedby="follow-up-message-sw-hint"
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
            <small id="follow-up-message-sw-hint" className="settings-hint">
              Sent instead to customers writing Swahili or Sheng.
            </small>
          </div>
        )}
        <div className="settings-actions">
          <Button
            type="submit"
            label={isSaving ? 'Saving...' : 'Save Settings'}
            icon={isSaving ? 'pi pi-spin pi-spinner' : 'pi pi-save'}
            disabled={isSaving}
          />
          <Button
            type="button"
            label="Test Now"
            outlined
            icon={check.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-send'}
            disabled={off || check.isPending}
            onClick={() => setConfirming(true)}
          />
        </div>
      </form>
      <TestNowDialog
        visible={confirming}
        hours={savedSettings.hoursUntilFollowUp}
        message={savedSettings.followUpMessage}
        unsaved={!sameSettings(values, saved)}
        template={template}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          checkOnce((settled) => check.mutate(undefined, { onSettled: settled }));
        }}
      />
    </>
  );
}
