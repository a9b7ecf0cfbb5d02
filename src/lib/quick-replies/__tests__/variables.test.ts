import { fillQuickReply } from '../variables';

describe('fillQuickReply', () => {
  it('fills every placeholder it has a value for, spaces inside the braces allowed', () => {
    const result = fillQuickReply('Hello {{customerName}}, {{ productName }} is {{priceRange}}.', {
      customerName: 'Brian',
      productName: 'Absolute Black Granite',
      priceRange: 'KES 8,500 - KES 12,000',
    });
    expect(result).toEqual({ text: 'Hello Brian, Absolute Black Granite is KES 8,500 - KES 12,000.', missing: [] });
  });

  it('leaves a placeholder without a value in the text and names it once', () => {
    const result = fillQuickReply('{{offerPrice}} for {{productName}}, {{customerName}} ({{offerPrice}})', {
      customerName: '  ',
      productName: 'Carrara White Marble',
      offerPrice: null,
    });
    expect(result.text).toBe('{{offerPrice}} for Carrara White Marble, {{customerName}} ({{offerPrice}})');
    expect(result.missing).toEqual(['offerPrice', 'customerName']);
  });

  it('keeps unknown placeholders and values that look like placeholders as they are', () => {
    expect(fillQuickReply('{{order}} {{customerName}}', { customerName: '{{productName}}' })).toEqual({
      text: '{{order}} {{productName}}',
      missing: [],
    });
  });
});
