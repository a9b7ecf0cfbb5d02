import type { HandlersFor, RouteContext } from '../../routes';

export function messageTemplatesRoutes({
  services,
}: RouteContext): HandlersFor<'listMessageTemplates' | 'syncMessageTemplates'> {
  return {
    listMessageTemplates: () => services.messageTemplates.list(),
    syncMessageTemplates: () => services.messageTemplates.sync(),
  };
}
