/**
 * The buyer's choice of who makes their plates and how they get them, the same in the wizard
 * and at Buy Now: a plate shop from the approved ones (address, opening hours, and the distance
 * once the buyer shares their location — worked out on this device, never required), or "Leave
 * it to the administrator"; then collection from the shop or, when offered, delivery for its fee
 * to an address.
 */
import { Box, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  type CollectionChoice,
  formatDistance,
  type PlateShop,
  shopDistanceKm,
  shopsByDistance,
} from '#domain/collection/collection';
import { formatKwacha, ngwee } from '#domain/money/money';
import { RadioGroup } from '../components/radio-group';
import type { KnownShops } from './plate-shops';
import { useDeviceLocation } from './use-device-location';

/** The radio value of "Leave it to the administrator". */
const ADMINISTRATOR = 'administrator';

export type CollectionField = 'shopId' | 'deliveryAddress' | 'delivery';

interface CollectionChoiceFieldsProps {
  choice: CollectionChoice;
  known: KnownShops;
  errors: Partial<Record<CollectionField, string>>;
  onChange: (choice: CollectionChoice) => void;
  /** Makes the ids unique on the page. */
  idPrefix: string;
}

function ShopDescription({ shop, distanceKm }: { shop: PlateShop; distanceKm: number | null }) {
  return (
    <Stack as="span" gap="0" fontSize="sm" color="fg.muted" fontWeight="normal">
      {shop.address && <Text as="span">{shop.address}</Text>}
      {shop.hours && <Text as="span">Opening hours: {shop.hours}</Text>}
      {distanceKm !== null && <Text as="span">{formatDistance(distanceKm)} away</Text>}
    </Stack>
  );
}

export function CollectionChoiceFields({ choice, known, errors, onChange, idPrefix }: CollectionChoiceFieldsProps) {
  const { location, ask } = useDeviceLocation();
  const here = location.status === 'known' ? location.coordinates : null;
  const shops = shopsByDistance(known.shops, here);
  const shopErrorId = `${idPrefix}-shop-error`;
  const hasCoordinates = known.shops.some((shop) => shop.lat !== null && shop.lng !== null);
  // A delivery asked for while it was offered, and no longer is: shown so the buyer can change it.
  const isDeliveryShown = known.delivery.offered || choice.delivery;
  return (
    <Stack gap="5" as="section" aria-labelledby={`${idPrefix}-heading`}>
      <Text as="h3" id={`${idPrefix}-heading`} fontSize="md" fontWeight="semibold">
        Plate shop and delivery
      </Text>
      <Box>
        <RadioGroup.Root
          value={choice.shopId ?? ADMINISTRATOR}
          onValueChange={(details) =>
            onChange({ ...choice, shopId: details.value === ADMINISTRATOR ? null : details.value })
          }
          colorPalette="brand"
          aria-invalid={errors.shopId ? true : undefined}
          aria-describedby={errors.shopId ? shopErrorId : undefined}
        >
          <RadioGroup.Label fontWeight="medium" mb="2" display="block">
            Plate shop
          </RadioGroup.Label>
          <Stack gap="3">
            <RadioGroup.Item value={ADMINISTRATOR} alignItems="flex-start">
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                <Text as="span" display="block">
                  Leave it to the administrator
                </Text>
                <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
                  The shop with the shortest queue makes your plates.
                </Text>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
            {shops.map((shop) => (
              <RadioGroup.Item key={shop.id} value={shop.id} alignItems="flex-start">
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  <Text as="span" display="block">
                    {shop.name}
                  </Text>
                  <ShopDescription shop={shop} distanceKm={shopDistanceKm(shop, here)} />
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        <Box aria-live="polite">
          {errors.shopId && (
            <Text id={shopErrorId} color="fg.error" fontSize="sm" mt="1">
              {errors.shopId}
            </Text>
          )}
          {known.status === 'loading' && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              Loading the plate shops…
            </Text>
          )}
          {known.status === 'offline' && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              The plate shops are listed when this device is online; until then the administrator chooses.
            </Text>
          )}
          {location.status === 'denied' && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              Location not shared, so no distances are shown.
            </Text>
          )}
          {location.status === 'unavailable' && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              This device could not tell where it is, so no distances are shown.
            </Text>
          )}
        </Box>
        {hasCoordinates && location.status !== 'known' && location.status !== 'denied' && (
          <Button type="button" size="sm" variant="outline" mt="2" loading={location.status === 'asking'} onClick={ask}>
            Show distances from my location
          </Button>
        )}
      </Box>

      {isDeliveryShown && (
        <Box>
          <RadioGroup.Root
            value={choice.delivery ? 'delivery' : 'collect'}
            onValueChange={(details) => onChange({ ...choice, delivery: details.value === 'delivery' })}
            colorPalette="brand"
          >
            <RadioGroup.Label fontWeight="medium" mb="2" display="block">
              Collection or delivery
            </RadioGroup.Label>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap">
              <RadioGroup.Item value="collect">
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Collect from the plate shop</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="delivery">
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Deliver to me ({formatKwacha(ngwee(known.delivery.fee))})</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
          <Box aria-live="polite">
            {errors.delivery && (
              <Text color="fg.error" fontSize="sm" mt="1">
                {errors.delivery}
              </Text>
            )}
          </Box>
          {choice.delivery && (
            <Field.Root invalid={Boolean(errors.deliveryAddress)} required mt="3">
              <Field.Label>
                Delivery address <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                name="deliveryAddress"
                autoComplete="street-address"
                rows={2}
                maxLength={500}
                value={choice.deliveryAddress}
                onChange={(event) => onChange({ ...choice, deliveryAddress: event.currentTarget.value })}
              />
              <Field.ErrorText>{errors.deliveryAddress}</Field.ErrorText>
            </Field.Root>
          )}
        </Box>
      )}
    </Stack>
  );
}
