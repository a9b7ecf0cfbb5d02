import type { components } from '../../../src/api/generated/openapi-types';
import type { Handlers, RouteContext } from '../../routes';

export function followUpsRoutes({ services }: RouteContext): Handlers {
  return {
    getFollowUpSettings: () => services.followUps.settings(),
    updateFollowUpSettings: (request) => services.followUps.save(request.body as components['schemas']['FollowUpSettings']),
    runFollowUpCheck: () => services.followUps.check(),
  };
}
