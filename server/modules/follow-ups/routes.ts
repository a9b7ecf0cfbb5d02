import type { HandlersFor, RouteContext } from '../../routes';

export function followUpsRoutes({
  services,
}: RouteContext): HandlersFor<'getFollowUpSettings' | 'updateFollowUpSettings' | 'runFollowUpCheck'> {
  return {
    getFollowUpSettings: () => services.followUps.settings(),
    updateFollowUpSettings: (request) => services.followUps.save(request.body),
    runFollowUpCheck: () => services.followUps.check(),
  };
}
