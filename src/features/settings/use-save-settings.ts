import { useUpdateFollowUpSettings } from '../../api/generated/endpoints/follow-ups/follow-ups';
import type { FollowUpSettings } from '../../api/generated/model/followUpSettings';
import { serverMessage } from '../../api/mutator';
import { useInFlight } from '../../lib/forms/use-in-flight';
import { useToast } from '../../lib/toast/toast-context';
import { validateFollowUp } from './follow-up-rules';
import { toSettingsBody, type SettingsFormValues } from './settings-form-values';

/**
 * Checks and saves the settings with their toasts. An invalid entry shows its
 * rule as an error toast and sends nothing; a double click sends once. After
 * a successful PATCH the query client's invalidation policy refetches the
 * settings once (and before the success toast); `onSaved` gets the settings
 * that were sent. On failure nothing is reset: the form keeps what was typed.
 */
export function useSaveSettings(onSaved: (saved: FollowUpSettings) => void) {
  const toast = useToast();
  const saveOnce = useInFlight();
  const update = useUpdateFollowUpSettings({
    mutation: {
      onSuccess: (_answer, { data }) => {
        onSaved(data);
        toast({ title: 'Settings saved', description: 'Follow-up settings have been updated successfully.' });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error) ?? 'Failed to save settings',
          variant: 'destructive',
        }),
    },
  });

  const save = (values: SettingsFormValues) => {
    if (update.isPending) return;
    const body = toSettingsBody(values);
    const failure = validateFollowUp(body);
    if (failure) {
      toast({ ...failure, variant: 'destructive' });
      return;
    }
    saveOnce((settled) => update.mutate({ data: body }, { onSettled: settled }));
  };
  return { save, isSaving: update.isPending };
}
