// Which approved templates the template sender offers, in the customer's
// language: one template name may be approved in several languages (a
// WhatsApp language code each, e.g. en and sw). A customer writing Swahili
// (Conversation.customerLanguage sw) is offered a name's Swahili version in
// place of the others; any other customer, or a backend that does not say
// the language, is offered every template as before.
import type { ConversationCustomerLanguage } from '../../api/generated/model/conversationCustomerLanguage';
import type { MessageTemplate } from '../../api/generated/model/messageTemplate';

/** WhatsApp's code for Swahili. */
const SWAHILI = 'sw';

/** A language code in words: "Swahili", "English" (en, en_GB, en_US), or the code itself. */
function languageName(code: string): string {
  if (code === SWAHILI) return 'Swahili';
  if (code === 'en' || code.startsWith('en_')) return 'English';
  return code;
}

type OfferedTemplate = { id: number; label: string; template: MessageTemplate };

/**
 * The templates to offer, in the list's order. A label names the language
 * when the name is offered in more than one ("Payment reminder (Swahili)"),
 * so that two versions are never two identical choices.
 */
export function offeredTemplates(
  templates: readonly MessageTemplate[],
  customerLanguage: ConversationCustomerLanguage | undefined,
): OfferedTemplate[] {
  const inSwahili = new Set(templates.filter((t) => t.language === SWAHILI).map((t) => t.name));
  const offered =
    customerLanguage === SWAHILI
      ? templates.filter((t) => !inSwahili.has(t.name) || t.language === SWAHILI)
      : [...templates];
  const versions = new Map<string, number>();
  for (const t of offered) versions.set(t.name, (versions.get(t.name) ?? 0) + 1);
  return offered.map((template) => ({
    id: template.id,
    label: versions.get(template.name)! > 1 ? `${template.label} (${languageName(template.language)})` : template.label,
    template,
  }));
}

/** Whether a customer writing Swahili is offered at least one template in Swahili. */
export const offersSwahili = (
  templates: readonly MessageTemplate[],
  customerLanguage: ConversationCustomerLanguage | undefined,
) => customerLanguage === SWAHILI && templates.some((t) => t.language === SWAHILI);
