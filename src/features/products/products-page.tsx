import { useListProducts } from '../../api/generated/endpoints/products/products';

export function ProductsPage() {
  const products = useListProducts();
  return (
    <div className="page">
      <h1>Products</h1>
      {products.isPending ? <p>Loading products...</p> : <ul>{products.data?.map((p) => <li key={p.id}>{p.name}</li>)}</ul>}
    </div>
  );
}
