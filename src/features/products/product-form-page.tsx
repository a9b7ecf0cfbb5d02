import { Link, useParams } from 'react-router-dom';
import { useGetProduct } from '../../api/generated/endpoints/products/products';
import { ApiError } from '../../api/mutator';
import { ProductForm } from './components/product-form';
import './products.css';
import { LoadError } from '../../components/ui/load-error';

/** /products/new (an empty form) and /products/edit/:id (the form filled from the stored product). */
/** @public Loaded by the router as `m.ProductFormPage` from a dynamic import. */
export function ProductFormPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  return (
    <div className="page product-form-page">
      <header>
        <h1>{editing ? 'Edit Product' : 'Add New Product'}</h1>
        <p className="muted">
          <Link to="/products">Products</Link> / {editing ? 'Edit' : 'New'}
        </p>
      </header>
      {editing ? <EditProduct idParam={id} /> : <ProductForm />}
    </div>
  );
}

/** The edit form appears once the record has loaded, filled from it. */
function EditProduct({ idParam }: { idParam: string }) {
  const productId = /^\d+$/.test(idParam) ? Number(idParam) : 0;
  const product = useGetProduct(productId, { query: { enabled: productId > 0 } });

  if (productId === 0 || (product.error instanceof ApiError && product.error.status === 404)) {
    return (
      <div className="card form-state" role="alert">
        <p>Product not found. It may have been deleted.</p>
        <Link to="/products">Back to products</Link>
      </div>
    );
  }
  if (product.isError) {
    return <LoadError className="card form-state" message="Failed to load product." onRetry={product.refetch} />;
  }
  if (!product.data) {
    return (
      <p className="list-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading product...
      </p>
    );
  }
  return <ProductForm key={product.data.id} product={product.data} />;
}
