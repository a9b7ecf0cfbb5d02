import type { HandlersFor, RouteContext } from '../../app/routes';

export function summaryRoutes({ services }: RouteContext): HandlersFor<'getSummary'> {
  return {
    getSummary: () => services.summary.get(),
  };
}
