/**
 * Settings → Delivery: whether buyers may ask for their plates to be delivered, and the fee,
 * once per order. The wizard and Buy Now offer delivery only while it is on, and the server
 * adds the fee to the payment of every order that asks for it from the moment it is saved.
 * Read and saved online only, like prices.
 */
import { type DeliverySettings, deliverySettingsFrom } from '#domain/collection/collection';
import { formatKwacha, ngwee } from '#domain/money/money';
import { MAX_SETTING_KWACHA } from '#domain/pricing/pricing';
import { Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { SaveOrDiscard } from './save-or-discard';
import { type FormEvent, useEffect, useState } from 'react';
import { apiRequest, NetworkError } from '../../api/api-client';
import { CheckboxField } from '../../components/checkbox-field';
import { FormField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { formatDateTime } from '../../components/format-date-time';
import { Section } from '../../components/page-parts';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import { saveSetting } from './admin-settings-api';

const NEEDS_CONNECTION =
  'Changing the delivery setting needs a connection. Nothing was changed; try again when you are back online.';
export const DELIVERY_FEE_FORMAT = `Delivery fee must be an amount in kwacha from 0 to ${MAX_SETTING_KWACHA.toLocaleString('en-US')}, with at most two decimals`;

/** '50' or '50.00' kwacha as ngwee; null when it is not an amount within bounds. */
export function feeFromKwacha(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', cents = ''] = trimmed.split('.');
  const amount = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  return amount <= MAX_SETTING_KWACHA * 100 ? amount : null;
}

type Loaded = { settings: DeliverySettings; updatedAt: string | null };

export function DeliverySection() {
  const isOnline = useOnlineStatus();
  const [loaded, setLoaded] = useState<Loaded | null | 'unavailable'>(null);
  const [offered, setOffered] = useState<boolean | null>(null);
  const [fee, setFee] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    apiRequest<Partial<Loaded>>('GET', '/api/admin/settings/delivery').then(
      (result) => {
        const settings = result.ok ? deliverySettingsFrom(result.body.settings) : null;
        if (isCurrent) setLoaded(settings ? { settings, updatedAt: result.body.updatedAt ?? null } : 'unavailable');
      },
      (failure: unknown) => {
        if (!(failure instanceof NetworkError)) throw failure;
        if (isCurrent) setLoaded('unavailable');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isOnline]);

  const current = loaded && loaded !== 'unavailable' ? loaded.settings : null;
  const shownOffered = offered ?? current?.offered ?? false;
  const shownFee = fee ?? (current ? (current.fee / 100).toFixed(2) : '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const amount = feeFromKwacha(shownFee);
    if (amount === null) {
      setError(DELIVERY_FEE_FORMAT);
      return;
    }
    if (!isOnline) {
      setMessage(NEEDS_CONNECTION);
      return;
    }
    setSaving(true);
    const answer = await saveSetting(
      'delivery',
      { offered: shownOffered, fee: ngwee(amount) },
      deliverySettingsFrom,
      NEEDS_CONNECTION,
    );
    setSaving(false);
    if (!answer.ok) {
      setError(answer.fields?.fee);
      setMessage(answer.message);
      return;
    }
    setLoaded({ settings: answer.settings, updatedAt: answer.updatedAt });
    setOffered(null);
    setFee(null);
    setError(undefined);
    showToast({
      type: 'success',
      title: 'Delivery setting saved',
      description: answer.settings.offered
        ? `Delivery is offered for ${formatKwacha(ngwee(answer.settings.fee))}.`
        : 'Delivery is not offered: buyers collect their plates from the plate shop.',
    });
  };

  return (
    <Section
      title="Delivery"
      headingId="delivery-heading"
      aside={
        <Text fontSize="sm" color="fg.muted">
          {loaded && loaded !== 'unavailable' && loaded.updatedAt
            ? `In force since ${formatDateTime(loaded.updatedAt)}`
            : 'The standard setting applies (never changed)'}
        </Text>
      }
    >
      {!isOnline || loaded === 'unavailable' ? (
        <Text fontSize="sm" color="fg.muted">
          The delivery setting is shown when this device is online.
        </Text>
      ) : !current ? (
        <Text fontSize="sm" color="fg.muted">
          Loading the delivery setting…
        </Text>
      ) : (
        <form aria-labelledby="delivery-heading" noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="4" maxW="md">
            <Text fontSize="sm" color="fg.muted">
              Buyers choose to collect their plates from the plate shop, or, while delivery is offered, to have them
              delivered for this fee, once per order.
            </Text>
            <CheckboxField checked={shownOffered} onChange={setOffered}>
              Offer delivery
            </CheckboxField>
            <FormField label="Delivery fee" error={error} required>
              <InputGroup startElement="K">
                <Input
                  name="deliveryFee"
                  inputMode="decimal"
                  value={shownFee}
                  onChange={(event) => {
                    setFee(event.currentTarget.value);
                    setError(undefined);
                  }}
                />
              </InputGroup>
            </FormField>
            <FormMessage message={message} />
            <SaveOrDiscard
              saveLabel="Save Delivery Setting"
              isSaving={isSaving}
              isOnline={isOnline}
              isChanged={shownOffered !== current.offered || shownFee !== (current.fee / 100).toFixed(2)}
              onDiscard={() => {
                setOffered(null);
                setFee(null);
                setError(undefined);
                setMessage(null);
              }}
            />
          </Stack>
        </form>
      )}
    </Section>
  );
}
