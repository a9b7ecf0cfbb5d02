import type { Conversation } from '../../../api/generated/model/conversation';
import type { Product } from '../../../api/generated/model/product';
import { conversationValues, prefillTemplate, templateVariableSource } from '../template-values';

const conversation: Conversation = {
  id: 7,
  customerName: 'Omondi Were',
  whatsappPhoneNumber: '+254711000007',
  status: 'admin_required',
  lastMessageAt: '2026-11-20T17:26:41.000Z',
  createdAt: '2026-11-18T08:02:19.000Z',
  productsMentioned: ['Absolute Black Granite', 'Tan Brown Granite'],
  currentProductId: null,
  currentOfferPrice: 9800,
  bargainingRound: 1,
};
const tanBrown: Product = {
  id: 4,
  name: 'Tan Brown Granite',
  category: 'granite',
  startingPrice: 7800,
  endingPrice: 10500,
  stock: 21,
  isActive: true,
  installationImageUrls: [],
};

describe('template variables filled from the conversation', () => {
  it('reads which value a variable wants from its label', () => {
    expect(templateVariableSource('Customer name')).toBe('customerName');
    expect(templateVariableSource('Name')).toBe('customerName');
    expect(templateVariableSource('Product')).toBe('productName');
    expect(templateVariableSource('Product name')).toBe('productName');
    expect(templateVariableSource('Price range')).toBe('priceRange');
    expect(templateVariableSource('Offer price')).toBe('offerPrice');
    expect(templateVariableSource('Current offer')).toBe('offerPrice');
    // Not the conversation's to say: left for staff.
    expect(templateVariableSource('Amount')).toBeNull();
    expect(templateVariableSource('Delivery date')).toBeNull();
  });

  it('the product of interest is the current product, else the one mentioned last', () => {
    const byMention = conversationValues(conversation, undefined);
    expect(byMention).toMatchObject({
      customerName: 'Omondi Were',
      productName: 'Tan Brown Granite',
      priceRange: null,
    });
    expect(byMention.offerPrice).toMatch(/^KES 9,800/);
    const current = conversationValues({ ...conversation, currentProductId: 4, productsMentioned: [] }, tanBrown);
    expect(current).toMatchObject({ productName: 'Tan Brown Granite', priceRange: '7,800 - 10,500 KES' });
    expect(conversationValues({ ...conversation, productsMentioned: [] }, undefined).productName).toBeNull();
  });

  it('fills what it knows and leaves the rest empty', () => {
    const template = {
      variables: [
        { label: 'Customer name' },
        { label: 'Product' },
        { label: 'Delivery date' },
        { label: 'Price range' },
      ],
    };
    expect(prefillTemplate(template, conversationValues(conversation, undefined))).toEqual([
      'Omondi Were',
      'Tan Brown Granite',
      '',
      '',
    ]);
    expect(prefillTemplate(template, conversationValues({ ...conversation, customerName: '  ' }, tanBrown))[0]).toBe(
      '',
    );
  });
});
