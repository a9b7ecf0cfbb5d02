import type { HandlersFor, RouteContext } from '../../routes';

export function messageTemplatesRoutes({ services }: RouteContext): HandlersFor<'listMessageTemplates'> {
  return {
    listMessageTemplates: () => services.messageTemplates.list(),
  };
}
