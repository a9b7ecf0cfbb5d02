import type { HandlersFor, RouteContext } from '../../app/routes';

export function salesRoutes({ services }: RouteContext): HandlersFor<'getSalesAnalytics'> {
  return {
    getSalesAnalytics: (request) => services.sales.analytics(request.query.days),
  };
}
