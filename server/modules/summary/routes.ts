import type { HandlersFor, RouteContext } from '../../routes';

export function summaryRoutes({ services }: RouteContext): HandlersFor<'getSummary'> {
  return {
    getSummary: () => services.summary.get(),
  };
}
