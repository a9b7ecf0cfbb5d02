import type { HandlersFor, RouteContext } from '../../app/routes';

export function analyticsRoutes({
  services,
}: RouteContext): HandlersFor<'getAnalyticsOverview' | 'getAnalyticsProducts' | 'getAnalyticsTimeline'> {
  return {
    getAnalyticsOverview: () => services.analytics.overview(),
    getAnalyticsProducts: (request) => services.analytics.products(request.query.days),
    getAnalyticsTimeline: (request) => services.analytics.timeline(request.query.days ?? 30),
  };
}
