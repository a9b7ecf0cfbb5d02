import { memo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { Product } from '../../../api/generated/model/product';
import { CATEGORY_LABELS, formatDimensions, productDetails, productPriceRange } from '../product-display';

const PAGE_SIZES = [10, 25, 50, 100];

type Props = {
  products: readonly Product[];
  /** Shown when `products` is empty. */
  emptyMessage: string;
  onDelete: (product: Product) => void;
};

/**
 * The product table (spec §2). Paginated so that 10,000 products render as
 * one page of rows; the page goes back to the first when the list changes.
 */
export const ProductTable = memo(function ProductTable({ products, emptyMessage, onDelete }: Props) {
  const [page, setPage] = useState({ first: 0, rows: 25, of: products });
  // A new list (search, delete, refetch) starts on its first page.
  const first = page.of === products ? page.first : 0;
  const onPage = (event: DataTablePageEvent) => setPage({ first: event.first, rows: event.rows, of: products });

  return (
    <DataTable
      value={products as Product[]}
      dataKey="id"
      paginator={products.length > PAGE_SIZES[0]}
      first={first}
      rows={page.rows}
      rowsPerPageOptions={PAGE_SIZES}
      onPage={onPage}
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate="{first}-{last} of {totalRecords}"
      emptyMessage={emptyMessage}
      className="product-table"
      aria-label="Products"
    >
      <Column header="Product" body={productCell} />
      <Column header="Category" body={categoryCell} />
      <Column header="Details" body={detailsCell} />
      <Column header="Price Range" body={priceCell} />
      <Column header="Status" body={statusCell} />
      <Column header="Actions" body={(product: Product) => <Actions product={product} onDelete={onDelete} />} />
    </DataTable>
  );
});

function productCell(product: Product) {
  const dimensions = formatDimensions(product.dimensions);
  return (
    <div className="product-cell">
      <Thumbnail url={product.productImageUrl} />
      <div>
        <div className="product-name">{product.name}</div>
        {dimensions && <div className="muted product-dimensions">{dimensions}</div>}
      </div>
    </div>
  );
}

function Thumbnail({ url }: { url?: string | null }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!url || broken === url) {
    return (
      <span className="product-thumb product-thumb-empty" aria-hidden="true">
        <i className="pi pi-image" />
      </span>
    );
  }
  // The name sits next to it: the image adds nothing for a screen reader.
  return <img className="product-thumb" src={url} alt="" width={48} height={48} loading="lazy" onError={() => setBroken(url)} />;
}

const categoryCell = (product: Product) => (
  <Tag className={`category-tag category-${product.category}`} value={CATEGORY_LABELS[product.category]} />
);

function detailsCell(product: Product) {
  const lines = productDetails(product);
  if (lines.length === 0) return <span className="muted">—</span>;
  return (
    <div className="product-details">
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}

const priceCell = (product: Product) => <span className="price-range">{productPriceRange(product)}</span>;

const statusCell = (product: Product) =>
  product.isActive ? <Tag severity="success" value="Active" /> : <Tag severity="secondary" value="Inactive" />;

function Actions({ product, onDelete }: { product: Product; onDelete: (product: Product) => void }) {
  return (
    <div className="row-actions">
      <Link
        to={`/products/edit/${product.id}`}
        className="p-button p-component p-button-icon-only p-button-text p-button-rounded"
        aria-label={`Edit ${product.name}`}
        title="Edit"
      >
        <span className="p-button-icon pi pi-pencil" aria-hidden="true" />
      </Link>
      <Button
        type="button"
        icon="pi pi-trash"
        text
        rounded
        severity="danger"
        aria-label={`Delete ${product.name}`}
        tooltip="Delete"
        tooltipOptions={{ position: 'top', showDelay: 700 }}
        onClick={() => onDelete(product)}
      />
    </div>
  );
}
