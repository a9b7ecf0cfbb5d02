import { useGetFollowUpSettings } from '../../api/generated/endpoints/follow-ups/follow-ups';

export function SettingsPage() {
  const settings = useGetFollowUpSettings();
  return (
    <div className="page">
      <h1>Settings</h1>
      <h2>Automated Follow-up System</h2>
      <p>{settings.data ? `Follow up after ${settings.data.hoursUntilFollowUp} hours` : '…'}</p>
    </div>
  );
}
