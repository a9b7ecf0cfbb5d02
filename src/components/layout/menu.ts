/** The sidebar entries, in the order they are shown. */
export const menu = [
  { title: 'Dashboard', to: '/', icon: 'pi pi-home' },
  { title: 'Products', to: '/products', icon: 'pi pi-box' },
  { title: 'Conversations', to: '/conversations', icon: 'pi pi-comments' },
  // Beyond the spec: shown only when the backend offers orders (use-orders-offered.ts).
  { title: 'Orders', to: '/orders', icon: 'pi pi-shopping-cart', optional: true },
  { title: 'Notifications', to: '/notifications', icon: 'pi pi-bell' },
  { title: 'Analytics', to: '/analytics', icon: 'pi pi-chart-line' },
  { title: 'Settings', to: '/settings', icon: 'pi pi-cog' },
] as const;

/** Active when the path equals the route or, for every entry but the root, starts with it. */
export function isActive(route: string, pathname: string): boolean {
  if (pathname === route) return true;
  if (route === '/') return false;
  return pathname.startsWith(route);
}
