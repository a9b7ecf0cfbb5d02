import type { Product } from '../../../api/generated/model/product';
import { formatDimensions } from '../../../lib/format/product';
import { productCard, productCardPictureUrl } from '../components/product-card';

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
  it('name, size in mm, price per slab in KES and the picture as an absolute URL', () => {
    expect(productCard(granite, ORIGIN)).toBe(
      [
        'Absolute Black Granite',
        'Size: 3000 x 1800 x 20 mm',
        'Price: 8,500 - 12,000 KES per slab',
        'Picture: https://admin.example.co.ke/uploads/products/x.jpg',
      ].join('\n'),
    );
  });

  it('sinks are priced each; one price when both ends are the same', () => {
    const sink: Product = { ...granite, name: 'Fireclay Farmhouse Sink', category: 'sink', startingPrice: 45000.5 };
    expect(productCard({ ...sink, endingPrice: 52000 }, ORIGIN)).toContain('Price: 45,000.5 - 52,000 KES each');
    expect(productCard({ ...sink, endingPrice: 45000.5 }, ORIGIN)).toContain('Price: 45,000.5 KES each');
  });

  it('leaves out the size and the picture when the product has none', () => {
    expect(productCard({ ...granite, dimensions: null, productImageUrl: null }, ORIGIN)).toBe(
      'Absolute Black Granite\nPrice: 8,500 - 12,000 KES per slab',
    );
    expect(productCard({ ...granite, dimensions: '  ', productImageUrl: '' }, ORIGIN)).toBe(
      'Absolute Black Granite\nPrice: 8,500 - 12,000 KES per slab',
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
