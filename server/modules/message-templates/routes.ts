import type { HandlersFor, RouteContext } from '../../app/routes';

export function messageTemplatesRoutes({
  services,
}: RouteContext): HandlersFor<'listMessageTemplates' | 'syncMessageTemplates'> {
  return {
    listMessageTemplates: () => services.messageTemplates.list(),
    syncMessageTemplates: () => services.messageTemplates.sync(),
  };
}
