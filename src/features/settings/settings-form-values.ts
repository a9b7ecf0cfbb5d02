// Between the stored follow-up settings and what the settings form's inputs hold.
import type { FollowUpSettings } from '../../api/generated/model/followUpSettings';
import { parseHours } from './follow-up-rules';

/** What the inputs hold. The hours stay as typed, so a half-typed entry is not rewritten under the cursor. */
export type SettingsFormValues = {
  enabled: boolean;
  hours: string;
  followUpMessage: string;
  /** The Swahili message; undefined when the backend keeps none (no field, none sent). */
  followUpMessageSw?: string;
};

/** The inputs filled from stored settings. */
export function settingsToFormValues(settings: FollowUpSettings): SettingsFormValues {
  return {
    enabled: settings.enabled,
    hours: String(settings.hoursUntilFollowUp),
    followUpMessage: settings.followUpMessage,
    ...(settings.followUpMessageSw !== undefined && { followUpMessageSw: settings.followUpMessageSw }),
  };
}

/** The PATCH body: the hours read as a whole number (a non-numeric entry counts as 1). */
export function toSettingsBody(values: SettingsFormValues): FollowUpSettings {
  return {
    enabled: values.enabled,
    hoursUntilFollowUp: parseHours(values.hours),
    followUpMessage: values.followUpMessage,
    ...(values.followUpMessageSw !== undefined && { followUpMessageSw: values.followUpMessageSw }),
  };
}

/** Whether two sets of inputs hold the same settings: hours compare as numbers, so "024" equals "24". */
export function sameSettings(a: SettingsFormValues, b: SettingsFormValues): boolean {
  const x = toSettingsBody(a);
  const y = toSettingsBody(b);
  return (
    x.enabled === y.enabled &&
    x.hoursUntilFollowUp === y.hoursUntilFollowUp &&
    x.followUpMessage === y.followUpMessage &&
    x.followUpMessageSw === y.followUpMessageSw
  );
}
