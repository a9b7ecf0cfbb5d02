import { Link } from 'react-router-dom';
import { useListConversations } from '../../api/generated/endpoints/conversations/conversations';

export function ConversationsPage() {
  const conversations = useListConversations();
  return (
    <div className="page">
      <h1>Conversations</h1>
      <p className="muted">Monitor and manage customer conversations</p>
      {conversations.isPending ? (
        <p>Loading conversations...</p>
      ) : (
        <ul>
          {conversations.data?.map((c) => (
            <li key={c.id}>
              <Link to={`/conversations/${c.id}`}>{c.customerName ?? 'Unknown Customer'}</Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
