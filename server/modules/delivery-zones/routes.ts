import type { HandlersFor, RouteContext } from '../../app/routes';

export function deliveryZonesRoutes({
  services,
}: RouteContext): HandlersFor<
  'listDeliveryZones' | 'createDeliveryZone' | 'updateDeliveryZone' | 'deleteDeliveryZone' | 'updateDeliveryPickup'
> {
  const zones = services.deliveryZones;
  return {
    listDeliveryZones: () => zones.list(),
    async createDeliveryZone(request, reply) {
      const created = await zones.create(request.body);
      reply.code(201);
      return created;
    },
    updateDeliveryZone: (request) => zones.update(request.params.zoneId, request.body),
    async deleteDeliveryZone(request, reply) {
      await zones.remove(request.params.zoneId);
      return reply.code(204).send();
    },
    updateDeliveryPickup: (request) => zones.savePickup(request.body),
  };
}
