// The answers about where plates are made and how they reach the buyer: the plate shops a buyer
// may choose, with the delivery setting, and an administrator's delivery setting.
import { z } from 'zod';

export const plateShopSchema = z.object({
  id: z.string(),
  name: z.string().describe("The shop's business name"),
  address: z.string().nullable(),
  hours: z.string().nullable().describe('Opening hours as the shop states them'),
  lat: z.number().nullable().describe('For the distance, worked out on the buyer’s device only'),
  lng: z.number().nullable(),
});

export const deliverySettingsAnswerSchema = z.object({
  offered: z.boolean(),
  fee: z.number().int().describe('Ngwee, once per order'),
});

/** GET /api/plate-shops: the approved, active plate shops, and whether delivery is offered and for what. */
export const plateShopsAnswer = z.object({
  shops: z.array(plateShopSchema),
  delivery: deliverySettingsAnswerSchema,
});
export type PlateShopsAnswer = z.infer<typeof plateShopsAnswer>;

/** GET and PUT /api/admin/settings/delivery: the delivery setting in force. */
export const deliverySettingAnswer = z.object({
  settings: deliverySettingsAnswerSchema,
  updatedAt: z.string().nullable().describe('Null while the default applies'),
});

/** GET and PUT /api/shop/place: where the signed-in plate shop says it is, and when it is open. */
export const shopPlaceAnswer = z.object({
  place: z.object({
    address: z.string().nullable(),
    hours: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  }),
});
export type ShopPlaceAnswer = z.infer<typeof shopPlaceAnswer>;
