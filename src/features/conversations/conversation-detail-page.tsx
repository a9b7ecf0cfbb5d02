import { useParams } from 'react-router-dom';
import { useGetConversation, useListConversationMessages } from '../../api/generated/endpoints/conversations/conversations';

export function ConversationDetailPage() {
  const id = Number(useParams().id);
  const conversation = useGetConversation(id);
  const messages = useListConversationMessages(id);
  return (
    <div className="page">
      <h1>{conversation.data?.customerName ?? 'Customer Conversation'}</h1>
      <p className="muted">{conversation.data?.whatsappPhoneNumber}</p>
      <ul>{messages.data?.map((m) => <li key={m.id}>{m.content}</li>)}</ul>
    </div>
  );
}
