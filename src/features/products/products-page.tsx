import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useListProducts } from '../../api/generated/endpoints/products/products';
import type { Product } from '../../api/generated/model/product';
import { DeleteProductDialog } from './components/delete-product-dialog';
import { ImportProductsDialog } from './components/import-products-dialog';
import { ProductTable } from './components/product-table';
import { createProductSearch, normalizeQuery } from './search';
import { useExportProductsCsv } from './use-export-products-csv';
import './products.css';
import { LoadError } from '../../components/ui/load-error';
import { selectItems } from '../../api/paging';

/** /products: the product list with search, CSV export and import, and delete. */
export function ProductsPage() {
  // The whole catalogue in one call, without `limit`: search filters it on the client, so every
  // keystroke is answered at once without a request (a few thousand products are a small download).
  // Paging it would make search a server round trip; the list answers whole, as the spec's call does.
  const products = useListProducts(undefined, { query: { select: selectItems } });
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);
  const { exportCsv, isExporting } = useExportProductsCsv();

  // The table follows each keystroke in the same frame: filtering 10,000 products and painting
  // one page of rows fits in it (`npm run bench`); a deferred update only added a frame.
  const search = useMemo(() => createProductSearch(products.data ?? []), [products.data]);
  const visible = useMemo(() => search(query), [search, query]);
  const searching = normalizeQuery(query) !== '';
  const total = products.data?.length ?? 0;

  const onDelete = useCallback((product: Product) => setToDelete(product), []);
  const closeDelete = useCallback(() => setToDelete(null), []);
  const closeImport = useCallback(() => setImporting(false), []);

  return (
    <div className="page products-page">
      <header className="page-header">
        <div>
          <h1>Products</h1>
          {products.data && (
            <p className="muted" aria-live="polite" data-testid="product-count">
              {searching
                ? `${visible.length} of ${total} products`
                : `${total} ${total === 1 ? 'product' : 'products'}`}
            </p>
          )}
        </div>
        <div className="page-actions">
          <Button
            type="button"
            label="Export CSV"
            icon={isExporting ? 'pi pi-spin pi-spinner' : 'pi pi-download'}
            outlined
            disabled={isExporting}
            onClick={exportCsv}
          />
          <Button type="button" label="Import CSV" icon="pi pi-upload" outlined onClick={() => setImporting(true)} />
          <Link to="/products/new" className="p-button p-component">
            <span className="p-button-icon p-button-icon-left pi pi-plus" aria-hidden="true" />
            <span className="p-button-label">Add Product</span>
          </Link>
        </div>
      </header>

      <div className="card product-list-card">
        <div className="product-search">
          <label htmlFor="product-search" className="sr-only">
            Search products
          </label>
          <span className="product-search-box">
            <i className="pi pi-search" aria-hidden="true" />
            <InputText
              id="product-search"
              type="search"
              placeholder="Search products..."
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              autoComplete="off"
            />
          </span>
        </div>

        {products.isPending ? (
          <p className="list-state" role="status">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading products...
          </p>
        ) : products.isError ? (
          <LoadError className="list-state" message="Failed to load products." onRetry={products.refetch} />
        ) : (
          <ProductTable
            products={visible}
            emptyMessage={
              searching ? 'No products match your search' : 'No products yet. Add your first product to get started.'
            }
            onDelete={onDelete}
          />
        )}
      </div>

      <DeleteProductDialog product={toDelete} onClose={closeDelete} />
      <ImportProductsDialog visible={importing} onClose={closeImport} />
    </div>
  );
}
