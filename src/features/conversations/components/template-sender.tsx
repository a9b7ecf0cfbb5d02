import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { isMissing, serverMessage } from '../../../api/error-message';
import { useListMessageTemplates } from '../../../api/generated/endpoints/message-templates/message-templates';
import { useSendConversationTemplate } from '../../../api/generated/endpoints/conversations/conversations';
import { useGetProduct } from '../../../api/generated/endpoints/products/products';
import type { Conversation } from '../../../api/generated/model/conversation';
import { useToast } from '../../../lib/toast/toast-context';
import { offeredTemplates, offersSwahili } from '../template-language';
import { conversationValues, prefillTemplate } from '../template-values';
import { takeoverNoteText } from '../handoff';
import { TakeoverNote } from './takeover-switch';

interface TemplateSenderProps {
  conversationId: number;
  /** Only in admin_takeover can an admin send. */
  takeover: boolean;
  /** The conversation on screen: fills the variables it knows (beyond the spec), and takes over from here. */
  conversation?: Conversation;
}

/**
 * After the 24-hour reply window has closed WhatsApp takes only an approved
 * template: pick one, fill every variable, send. What was typed is kept per
 * template (switching back finds it) and after a refusal.
 *
 * Beyond the spec: the variables the conversation knows (customer name, product
 * of interest, its price range, the offer) start filled in, editable; the
 * examples read "e.g. …" so they are not taken for values. Not taken over, the
 * reason is said and "Take over to send a template" is one click away. A
 * customer writing Swahili is offered the Swahili version of a template where
 * one is approved (template-language.ts).
 */
export function TemplateSender({ conversationId, takeover, conversation }: TemplateSenderProps) {
  const templates = useListMessageTemplates();
  const send = useSendConversationTemplate();
  const toast = useToast();
  const productId = conversation?.currentProductId ?? 0;
  const product = useGetProduct(productId, { query: { enabled: productId > 0 } });
  const [templateId, setTemplateId] = useState<number | null>(null);
  // What staff typed, per template and variable (undefined: not touched, the prefilled value shows).
  const [values, setValues] = useState<Record<number, (string | undefined)[]>>({});
  const [tried, setTried] = useState(false);

  if (templates.isPending) return <p className="template-state muted">Loading templates...</p>;
  const list = templates.data ?? [];
  if (isMissing(templates.error) || (templates.isSuccess && list.length === 0))
    return <p className="template-state muted">No approved templates are available.</p>;
  if (templates.isError)
    return (
      <p className="template-state" role="alert">
        Failed to load templates. <Button type="button" label="Retry" link onClick={() => void templates.refetch()} />
      </p>
    );

  const offered = offeredTemplates(list, conversation?.customerLanguage);
  const template = offered.find((t) => t.id === templateId)?.template;
  const prefilled = template ? prefillTemplate(template, conversationValues(conversation, product.data)) : [];
  const typed = (template && values[template.id]) ?? [];
  const current = prefilled.map((value, i) => typed[i] ?? value);
  const anyPrefilled = prefilled.some((value, i) => value !== '' && typed[i] === undefined);
  const missing = template ? template.variables.map((_, i) => !current[i]?.trim()) : [];

  const setValue = (index: number, value: string) => {
    if (!template) return;
    const next = [...typed];
    next[index] = value;
    setValues((all) => ({ ...all, [template.id]: next }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!template || !takeover || send.isPending) return;
    setTried(true);
    if (missing.some(Boolean)) {
      document.getElementById(`template-variable-${missing.indexOf(true)}`)?.focus();
      return;
    }
    const variables = template.variables.map((_, i) => current[i].trim());
    try {
      await send.mutateAsync({ id: conversationId, data: { templateId: template.id, variables } });
      setValues((all) => ({ ...all, [template.id]: [] }));
      setTried(false);
      toast({ title: 'Template sent', description: `${template.label} is on its way to the customer.` });
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to send template'), variant: 'destructive' });
    }
  };

  return (
    <form className="template-sender" onSubmit={(event) => void submit(event)} noValidate>
      {!takeover && conversation && (
        <TakeoverNote
          conversation={conversation}
          reason={takeoverNoteText('send a template', conversation)}
          label="Take over to send a template"
        />
      )}
      <div className="field">
        <label htmlFor="template-choice">Choose a template</label>
        <Dropdown
          inputId="template-choice"
          value={templateId}
          options={offered}
          optionLabel="label"
          optionValue="id"
          placeholder="Approved templates"
          disabled={!takeover}
          pt={{ select: { 'aria-hidden': true } }}
          onChange={(event) => {
            setTemplateId(event.value as number);
            setTried(false);
          }}
        />
        {offersSwahili(list, conversation?.customerLanguage) && (
          <small className="muted">
            The customer writes Swahili: templates approved in Swahili are offered in Swahili.
          </small>
        )}
      </div>
      {template && (
        <>
          <p className="template-preview" aria-label="Template text">
            {template.body}
          </p>
          {anyPrefilled && (
            <p className="template-prefilled muted">
              Filled in from this conversation: check or change before sending.
            </p>
          )}
          {template.variables.map((variable, index) => {
            const id = `template-variable-${index}`;
            const invalid = tried && missing[index];
            return (
              <div className="field" key={`${template.id}-${index}`}>
                <label htmlFor={id}>
                  {`{{${index + 1}}}`} {variable.label}
                </label>
                <InputText
                  id={id}
                  value={current[index] ?? ''}
                  placeholder={variable.example ? `e.g. ${variable.example}` : undefined}
                  maxLength={200}
                  disabled={!takeover}
                  readOnly={send.isPending}
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? `${id}-error` : undefined}
                  onChange={(event) => setValue(index, event.target.value)}
                />
                {invalid && (
                  <small id={`${id}-error`} className="field-error">
                    {variable.label} is required
                  </small>
                )}
              </div>
            );
          })}
        </>
      )}
      <div className="template-send">
        {takeover && !template && (
          <p id="template-send-reason" className="muted">
            Choose a template to send.
          </p>
        )}
        <Button
          type="submit"
          label="Send template"
          icon={send.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-send'}
          disabled={!takeover || !template || send.isPending}
          aria-describedby={takeover && !template ? 'template-send-reason' : undefined}
        />
      </div>
    </form>
  );
}
