import type { Handlers, RouteContext } from '../../routes';

export function analyticsRoutes({ services }: RouteContext): Handlers {
  return {
    getAnalyticsOverview: () => services.analytics.overview(),
    getAnalyticsProducts: () => services.analytics.products(),
    getAnalyticsTimeline: (request) => services.analytics.timeline((request.query as { days?: number }).days ?? 30),
  };
}
