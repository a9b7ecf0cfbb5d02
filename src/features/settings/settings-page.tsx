import './settings.css';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useGetFollowUpSettings } from '../../api/generated/endpoints/follow-ups/follow-ups';
import { LoadError } from '../../components/ui/load-error';
import { DEFAULT_SETTINGS } from './follow-up-rules';
import { SettingsForm } from './settings-form';
import { BotSettingsSection } from './components/bot-settings-section';
import { BusinessSection } from './components/business-section';
import { MessageTemplatesSection } from './components/message-templates-section';
import { QuickRepliesSection } from './components/quick-replies-section';
import { DeliveryZonesSection } from './components/delivery-zones-section';
import { UnsavedSections } from './unsaved-sections';

/** /settings: the follow-up settings form, filled once the stored settings have loaded. */
export function SettingsPage() {
  const settings = useGetFollowUpSettings();

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

  return (
    <div className="page settings-page">
      <h1>Settings</h1>
      {settings.isError && (
        <LoadError
          className="settings-load-error"
          message="Failed to load settings; the form shows the defaults."
          onRetry={settings.refetch}
        />
      )}
      {/* Leaving with unsaved changes in either form asks first. */}
      <UnsavedSections>
        {/* Filled from the defaults when loading failed, and filled anew once a retry brings the stored settings. */}
        <SettingsForm key={settings.data ? 'stored' : 'defaults'} settings={settings.data ?? DEFAULT_SETTINGS} />
        <BotSettingsSection />
        <BusinessSection />
      </UnsavedSections>
      <QuickRepliesSection />
      <DeliveryZonesSection />
      <MessageTemplatesSection />
    </div>
  );
}
