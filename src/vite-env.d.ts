/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_BUSINESS_NAME?: string;
  readonly VITE_SOLUTIONS_PROVIDER?: string;
  /** Items per page of the long lists (1 to 200; default 100): see src/api/paging.ts. */
  readonly VITE_PAGE_SIZE?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
