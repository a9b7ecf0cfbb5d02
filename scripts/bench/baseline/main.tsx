// The benchmark's baseline: the product list as a PrimeReact user would build it, the way
// PrimeReact's own admin template does: one DataTable holding every product, its built-in
// global filter driven by a search box in the header, a paginator of 25 rows (as the app's).
// Built and served only by `npm run bench`; it fetches the same /api/products the app does.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import { GLOBAL_FILTER_FIELDS } from './filter-fields';

type Product = {
  id: number;
  name: string;
  category: string;
  color?: string | null;
  material?: string | null;
  startingPrice: number;
  endingPrice: number;
  stock: number;
  isActive: boolean;
};

function Baseline() {
  const [products, setProducts] = useState<Product[] | null>(null);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    void fetch('/api/products')
      .then((response) => response.json())
      .then(setProducts);
  }, []);
  const header = (
    <InputText
      id="baseline-search"
      value={filter}
      onChange={(event) => setFilter(event.target.value)}
      placeholder="Search..."
    />
  );
  return (
    <DataTable
      value={products ?? []}
      loading={!products}
      dataKey="id"
      paginator
      rows={25}
      globalFilter={filter}
      globalFilterFields={GLOBAL_FILTER_FIELDS}
      header={header}
      paginatorTemplate="CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink"
      currentPageReportTemplate="{first} to {last} of {totalRecords}"
      emptyMessage="No products found."
    >
      <Column field="name" header="Name" sortable />
      <Column field="category" header="Category" sortable />
      <Column field="startingPrice" header="From (KES)" sortable />
      <Column field="endingPrice" header="To (KES)" sortable />
      <Column field="stock" header="Stock" sortable />
      <Column field="isActive" header="Status" body={(p: Product) => (p.isActive ? 'Active' : 'Inactive')} />
    </DataTable>
  );
}

createRoot(document.getElementById('root')!).render(<Baseline />);
