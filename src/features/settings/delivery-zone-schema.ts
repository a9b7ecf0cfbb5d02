// The Delivery section's schemas: a zone and the pickup settings as the
// inputs hold them (amounts and days as typed, places as one line separated
// by commas), checked with messages a person understands, then piped into
// the contract's own schemas (openapi.yaml → createDeliveryZoneBody,
// updateDeliveryPickupBody), so a valid form gives exactly what the contract accepts.
import { z } from 'zod';
import type { DeliveryZone } from '../../api/generated/model/deliveryZone';
import type { Pickup } from '../../api/generated/model/pickup';
import {
  createDeliveryZoneBody,
  createDeliveryZoneBodyFeeMax as FEE_MAX,
  createDeliveryZoneBodyLeadDaysMax as DAYS_MAX,
  createDeliveryZoneBodyNameMax as NAME_MAX,
  createDeliveryZoneBodyPlacesItemMax as PLACE_MAX,
  createDeliveryZoneBodyPlacesMax as PLACES_MAX,
  updateDeliveryPickupBody,
  updateDeliveryPickupBodyLocationMax as LOCATION_MAX,
} from '../../api/generated/zod/delivery/delivery.zod';
import { formatKES } from '../../lib/format/money';

export { DAYS_MAX, LOCATION_MAX, NAME_MAX };

export const DELIVERY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX} characters`,
  tooManyPlaces: `List at most ${PLACES_MAX} places`,
  placeTooLong: `Each place must be at most ${PLACE_MAX} characters`,
  feeFormat: 'Enter the fee in KES, 0 or more with at most two decimals, e.g. 4500 or 4500.50',
  feeTooHigh: `Enter at most ${formatKES(FEE_MAX)}`,
  days: `Lead time must be a whole number of days from 0 to ${DAYS_MAX}`,
  locationRequired: 'Say where customers collect their order, or turn pickup off',
  locationTooLong: `Location must be at most ${LOCATION_MAX} characters`,
} as const;

const zoneBody = createDeliveryZoneBody.shape;
const pickupBody = updateDeliveryPickupBody.shape;

/** "4500." or " .5 " → "4500", "0.5": what people type, as the contract's number reads. */
const normalizeAmount = (value: string) => value.trim().replace(/^\./, '0.').replace(/\.$/, '');
const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** Days as typed: a whole number from 0 to DAYS_MAX. */
const days = (field: z.ZodNumber) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{1,2}$/.test(value) && Number(value) <= DAYS_MAX, DELIVERY_MESSAGES.days)
    .transform(Number)
    .pipe(field);

/** "Thika town, Makongeni" → ["Thika town", "Makongeni"]: blanks dropped, spaces trimmed. */
export const splitPlaces = (text: string) =>
  text
    .split(/[,\n]/)
    .map((place) => place.trim())
    .filter(Boolean);

export const deliveryZoneSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, DELIVERY_MESSAGES.nameRequired)
    .max(NAME_MAX, DELIVERY_MESSAGES.nameTooLong)
    .pipe(zoneBody.name),
  places: z
    .string()
    .transform(splitPlaces)
    .refine((places) => places.length <= PLACES_MAX, DELIVERY_MESSAGES.tooManyPlaces)
    .refine((places) => places.every((place) => place.length <= PLACE_MAX), DELIVERY_MESSAGES.placeTooLong)
    .pipe(zoneBody.places.unwrap()),
  fee: z
    .string()
    .transform(normalizeAmount)
    .refine((value) => AMOUNT_PATTERN.test(value), DELIVERY_MESSAGES.feeFormat)
    .refine((value) => Number(value) <= FEE_MAX, DELIVERY_MESSAGES.feeTooHigh)
    .transform(Number)
    .pipe(zoneBody.fee),
  leadDays: days(zoneBody.leadDays),
});

export type DeliveryZoneFormValues = z.input<typeof deliveryZoneSchema>;
export type DeliveryZoneFormOutput = z.output<typeof deliveryZoneSchema>;

export const deliveryZoneToFormValues = (zone?: DeliveryZone): DeliveryZoneFormValues => ({
  name: zone?.name ?? '',
  places: zone?.places.join(', ') ?? '',
  fee: zone ? String(zone.fee) : '',
  leadDays: zone ? String(zone.leadDays) : '1',
});

export const pickupSchema = z
  .object({
    enabled: pickupBody.enabled,
    location: z.string().trim().max(LOCATION_MAX, DELIVERY_MESSAGES.locationTooLong).pipe(pickupBody.location),
    leadDays: days(pickupBody.leadDays),
  })
  .superRefine((value, ctx) => {
    if (value.enabled && !value.location)
      ctx.addIssue({ code: 'custom', path: ['location'], message: DELIVERY_MESSAGES.locationRequired });
  });

export type PickupFormValues = z.input<typeof pickupSchema>;
export type PickupFormOutput = z.output<typeof pickupSchema>;

export const pickupToFormValues = (pickup: Pickup): PickupFormValues => ({
  enabled: pickup.enabled,
  location: pickup.location,
  leadDays: String(pickup.leadDays),
});

/** "3 days", "1 day", "Same day". */
export const formatLeadTime = (leadDays: number) =>
  leadDays === 0 ? 'Same day' : `${leadDays} ${leadDays === 1 ? 'day' : 'days'}`;
