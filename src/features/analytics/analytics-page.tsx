import { useGetAnalyticsOverview } from '../../api/generated/endpoints/analytics/analytics';

export function AnalyticsPage() {
  const overview = useGetAnalyticsOverview();
  return (
    <div className="page">
      <h1>Analytics Dashboard</h1>
      <p>Total Conversations: {overview.data?.totalConversations ?? '…'}</p>
    </div>
  );
}
