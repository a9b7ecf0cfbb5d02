import { describe, expect, it } from 'vitest';
import { UNKNOWN_CUSTOMER, UNNAMED_CONVERSATION_HEADING, customerDisplayName } from '../customer';

const phone = '+254733902114';
const conversation = (customerName?: string | null) => ({ customerName, whatsappPhoneNumber: phone });

describe('customerDisplayName', () => {
  it('shows a name as given, trimmed', () => {
    expect(customerDisplayName(conversation('Brian Otieno'))).toBe('Brian Otieno');
    expect(customerDisplayName(conversation('  Brian Otieno \n'), UNKNOWN_CUSTOMER)).toBe('Brian Otieno');
  });

  it.each([
    ['of only spaces', '   '],
    ['of only white space', ' \t\n '],
    ['empty', ''],
    ['null', null],
    ['missing', undefined],
  ])('falls back to the phone number for a name %s', (_, name) => {
    expect(customerDisplayName(conversation(name))).toBe(phone);
  });

  it('uses the fallback each screen gives for a blank name', () => {
    expect(customerDisplayName(conversation('   '), UNKNOWN_CUSTOMER)).toBe('Unknown Customer');
    expect(customerDisplayName(conversation(null), UNKNOWN_CUSTOMER)).toBe('Unknown Customer');
    expect(customerDisplayName(conversation(''), UNNAMED_CONVERSATION_HEADING)).toBe('Customer Conversation');
    expect(customerDisplayName(conversation('   '), UNNAMED_CONVERSATION_HEADING)).toBe('Customer Conversation');
  });
});
