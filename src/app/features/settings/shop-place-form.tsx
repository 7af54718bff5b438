/**
 * A plate shop's Settings: where buyers collect their plates and when the shop is open, and
 * optionally its location (typed, or this device's), from which a buyer's device works out how
 * far the shop is. Read from and sent to the server at once (online only): buyers choosing a
 * shop see it from their next look.
 */
import type { ShopPlaceAnswer } from '#domain/api/collection';
import { Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { apiRequest } from '../../api/api-client';
import { runCommand } from '../../api/command';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { onDemand } from '../../components/loaded-when-open';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';

const rules = onDemand(() => import('#domain/collection/collection-schemas'));

interface PlaceValues {
  address: string;
  hours: string;
  lat: string;
  lng: string;
}
type Field = keyof PlaceValues;
const EMPTY: PlaceValues = { address: '', hours: '', lat: '', lng: '' };

/** A typed coordinate as a number, null when left empty, NaN when it is not a number (refused with the field's words). */
const coordinate = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed.replace(',', '.')));

export function ShopPlaceForm() {
  const isOnline = useOnlineStatus();
  const [values, setValues] = useState<PlaceValues>(EMPTY);
  const [loaded, setLoaded] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [isLocating, setLocating] = useState(false);

  useEffect(() => {
    let live = true;
    apiRequest<ShopPlaceAnswer>('GET', '/api/shop/place')
      .then((answer) => {
        if (!live) return;
        if (!answer.ok) return setLoaded('failed');
        const { place } = answer.body;
        setValues({
          address: place.address ?? '',
          hours: place.hours ?? '',
          lat: place.lat === null ? '' : String(place.lat),
          lng: place.lng === null ? '' : String(place.lng),
        });
        setLoaded('loaded');
      })
      .catch(() => live && setLoaded('failed'));
    return () => {
      live = false;
    };
  }, [isOnline]);

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, ...(field === 'lng' ? { lat: undefined } : {}) }));
  }

  function locate() {
    if (!('geolocation' in navigator)) {
      setMessage('This device cannot tell its location; type the coordinates instead.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        change('lat', position.coords.latitude.toFixed(5));
        change('lng', position.coords.longitude.toFixed(5));
      },
      () => {
        setLocating(false);
        setMessage('The location was not shared; type the coordinates instead, or leave them empty.');
      },
      { timeout: 15_000 },
    );
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const schema = await rules
      .load()
      .then((module) => module.shopPlaceSchema)
      .catch(() => null);
    if (!schema) {
      setMessage('The form could not load its checks; check the connection and try again.');
      return;
    }
    const checked = schema.safeParse({
      address: values.address,
      hours: values.hours,
      lat: coordinate(values.lat),
      lng: coordinate(values.lng),
    });
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    const outcome = await runCommand<ShopPlaceAnswer>({ method: 'PUT', path: '/api/shop/place', body: checked.data });
    setSaving(false);
    if (outcome.status === 'needs-connection') {
      setMessage(
        'Saving the shop’s place needs a connection. Nothing was changed; try again when you are back online.',
      );
      return;
    }
    if (outcome.status === 'refused') {
      setErrors(outcome.fields as Partial<Record<Field, string>>);
      setMessage(outcome.reason || 'The server could not save it just now. Please try again.');
      return;
    }
    showToast({ type: 'success', title: 'Shop details saved', description: 'Buyers choosing a shop now see them.' });
  }

  if (loaded === 'loading') return <Text color="fg.muted">Reading your shop’s details…</Text>;
  if (loaded === 'failed')
    return (
      <Text color="fg.muted">Your shop’s details are read from the server; they show here once you are online.</Text>
    );
  return (
    <form noValidate aria-labelledby="shop-place-heading" onSubmit={(event) => void save(event)}>
      <Stack gap="4">
        <FormMessage message={message} />
        <FormField label="Address" error={errors.address} required helperText="Where buyers collect their plates">
          <Input
            value={values.address}
            autoComplete="street-address"
            onChange={(event) => change('address', event.currentTarget.value)}
          />
        </FormField>
        <FormField label="Opening hours" error={errors.hours} required helperText="For example Mon–Fri 08:00–17:00">
          <Input value={values.hours} onChange={(event) => change('hours', event.currentTarget.value)} />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Latitude" error={errors.lat} helperText="Optional, for buyers' distance">
            <Input
              value={values.lat}
              inputMode="decimal"
              onChange={(event) => change('lat', event.currentTarget.value)}
            />
          </FormField>
          <FormField label="Longitude" error={errors.lng}>
            <Input
              value={values.lng}
              inputMode="decimal"
              onChange={(event) => change('lng', event.currentTarget.value)}
            />
          </FormField>
        </SimpleGrid>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="brand" loading={isSaving} disabled={!isOnline}>
            Save Shop Details
          </Button>
          <Button type="button" variant="outline" onClick={locate} loading={isLocating}>
            Use this device’s location
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
