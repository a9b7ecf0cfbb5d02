import type { Product } from '../../../api/generated/model/product';
import { formatDimensions } from '../../../lib/format/product';
import { messagePicture, productCard, productCardPictureUrl, productsByInterest } from '../components/product-card';

const ORIGIN = 'https://admin.example.co.ke';
const granite: Product = {
  id: 1,
  name: 'Absolute Black Granite',
  category: 'granite',
  dimensions: '3000x1800x20',
  startingPrice: 8500,
  endingPrice: 12000,
  stock: 14,
  isActive: true,
  productImageUrl: '/uploads/products/x.jpg',
  installationImageUrls: [],
};

describe('productCard', () => {
  it('name, size in mm, the price the chatbot quotes (the starting price) per slab in KES and the picture as an absolute URL', () => {
    expect(productCard(granite, ORIGIN)).toBe(
      [
        'Absolute Black Granite',
        'Size: 3000 x 1800 x 20 mm',
        'Price: 8,500 KES per slab',
        'Picture: https://admin.example.co.ke/uploads/products/x.jpg',
      ].join('\n'),
    );
  });

  it('sinks are priced each; the ending price never reaches the customer', () => {
    const sink: Product = { ...granite, name: 'Fireclay Farmhouse Sink', category: 'sink', startingPrice: 45000.5 };
    const card = productCard({ ...sink, endingPrice: 52000 }, ORIGIN);
    expect(card).toContain('Price: 45,000.5 KES each');
    expect(card).not.toContain('52,000');
  });

  it('leaves out the size and the picture when the product has none', () => {
    expect(productCard({ ...granite, dimensions: null, productImageUrl: null }, ORIGIN)).toBe(
      'Absolute Black Granite\nPrice: 8,500 KES per slab',
    );
    expect(productCard({ ...granite, dimensions: '  ', productImageUrl: '' }, ORIGIN)).toBe(
      'Absolute Black Granite\nPrice: 8,500 KES per slab',
    );
  });

  it('sizes that are not numbers are kept as typed', () => {
    expect(formatDimensions('Custom cut to order')).toBe('Custom cut to order');
    expect(formatDimensions(' 1160 X 500 × 200 ')).toBe('1160 x 500 x 200 mm');
  });

  it('only http(s) pictures: another site as it is, never javascript: or data:', () => {
    expect(productCardPictureUrl('https://cdn.example.com/a.jpg', ORIGIN)).toBe('https://cdn.example.com/a.jpg');
    expect(productCardPictureUrl('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(productCardPictureUrl('data:image/svg+xml;base64,PHN2Zz4=', ORIGIN)).toBeNull();
    expect(productCardPictureUrl('ftp://example.com/a.jpg', ORIGIN)).toBeNull();
    expect(productCard({ ...granite, productImageUrl: 'javascript:alert(1)' }, ORIGIN)).not.toContain('Picture');
  });

  it('uses the page origin by default', () => {
    expect(productCard(granite)).toContain(`Picture: ${window.location.origin}/uploads/products/x.jpg`);
  });
});

describe('the picture link and the product of interest', () => {
  it('never carries a development host: a loopback address moves to the public origin', () => {
    expect(productCardPictureUrl('http://127.0.0.1:5173/uploads/products/x.jpg', ORIGIN)).toBe(
      'https://admin.example.co.ke/uploads/products/x.jpg',
    );
    expect(productCardPictureUrl('http://localhost:8080/uploads/x.jpg?v=2', ORIGIN)).toBe(
      'https://admin.example.co.ke/uploads/x.jpg?v=2',
    );
    expect(productCardPictureUrl('/uploads/x.jpg', ORIGIN)).toBe('https://admin.example.co.ke/uploads/x.jpg');
  });

  it('lists the current product first, then those mentioned (latest first), the rest in order', () => {
    const names = ['A', 'B', 'C', 'D', 'E'].map((name, i) => ({ id: i + 1, name: `${name} Granite` }));
    const ordered = productsByInterest(names, { currentProductId: 3, productsMentioned: ['b granite', 'E Granite'] });
    expect(ordered.products.map((p) => p.id)).toEqual([3, 5, 2, 1, 4]);
    expect([...ordered.interest]).toEqual([3, 5, 2]);
    expect(productsByInterest(names, undefined).products).toEqual(names);
    expect(productsByInterest(names, { currentProductId: 99, productsMentioned: [] }).interest.size).toBe(0);
  });
});

describe('messagePicture', () => {
  const card = 'Tan Brown Granite\nPrice: 7,800 KES per slab\nPicture: /uploads/products/tan-brown.png';

  it('takes the last "Picture:" line as the picture, on the page\'s origin, and keeps the rest as text', () => {
    expect(messagePicture(card, ORIGIN)).toEqual({
      text: 'Tan Brown Granite\nPrice: 7,800 KES per slab',
      picture: 'https://admin.example.co.ke/uploads/products/tan-brown.png',
    });
  });

  it("moves a development host to the page's origin (a card written before PUBLIC_ORIGIN was set)", () => {
    const local = card.replace('/uploads', 'http://127.0.0.1:3000/uploads');
    expect(messagePicture(local, ORIGIN).picture).toBe('https://admin.example.co.ke/uploads/products/tan-brown.png');
  });

  it('leaves a message without a loadable picture as it is', () => {
    for (const content of [
      'Delivery to Nakuru is on Thursday.',
      'Picture: javascript:alert(1)',
      'Tan Brown\nPicture: data:image/svg+xml;base64,PHN2Zz4=',
      'Picture: /uploads/a.png and more words',
    ])
      expect(messagePicture(content, ORIGIN)).toEqual({ text: content, picture: null });
  });
});
