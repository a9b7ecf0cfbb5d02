import { useParams } from 'react-router-dom';
import { useGetProduct } from '../../api/generated/endpoints/products/products';

export function ProductFormPage() {
  const { id } = useParams();
  const productId = id ? Number(id) : undefined;
  const product = useGetProduct(productId ?? 0, { query: { enabled: productId !== undefined } });
  return (
    <div className="page">
      <h1>{productId ? 'Edit Product' : 'Add New Product'}</h1>
      {product.data && <p>{product.data.name}</p>}
    </div>
  );
}
