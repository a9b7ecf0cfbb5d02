// Deployment-specific names, set at build time through Vite env variables
// (VITE_BUSINESS_NAME, VITE_SOLUTIONS_PROVIDER) so a deployment changes them without code.
export const appConfig = {
  businessName: import.meta.env.VITE_BUSINESS_NAME || 'Stone & Sinks',
  solutionsProvider: import.meta.env.VITE_SOLUTIONS_PROVIDER || 'Savanna Digital Solutions',
} as const;
