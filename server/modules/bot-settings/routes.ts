import type { HandlersFor, RouteContext } from '../../app/routes';

export function botSettingsRoutes({ services }: RouteContext): HandlersFor<'getBotSettings' | 'updateBotSettings'> {
  return {
    getBotSettings: () => services.botSettings.get(),
    updateBotSettings: (request) => services.botSettings.save(request.body),
  };
}
