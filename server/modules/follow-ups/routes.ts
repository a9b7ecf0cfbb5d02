import type { HandlersFor, RouteContext } from '../../app/routes';

export function followUpsRoutes({
  services,
}: RouteContext): HandlersFor<
  'getFollowUpSettings' | 'updateFollowUpSettings' | 'runFollowUpCheck' | 'getFollowUpsDue'
> {
  return {
    getFollowUpSettings: () => services.followUps.settings(),
    updateFollowUpSettings: (request) => services.followUps.save(request.body),
    runFollowUpCheck: () => services.followUps.check(),
    getFollowUpsDue: () => services.followUps.due(),
  };
}
