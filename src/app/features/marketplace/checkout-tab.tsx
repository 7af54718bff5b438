/**
 * One tab of the detail dialog: Buy Now (Add to Cart & Checkout) or Reserve. The buyer picks a
 * method (mobile money, card or bank transfer) and gives the wallet number or card; the server
 * records the payment and holds the plate. The outcome then leads with what happened and what to
 * do next (the domain's paymentOutcome), and the payment panel follows it until it settles.
 * Online and signed-in only: offline and for visitors the button says what is needed instead.
 */
import { formatKwacha, ngwee } from '#domain/money/money';
import { checkPayerDetails } from '#domain/payments/payment';
import { paymentOutcome } from '#domain/payments/payment-outcome';
import { Alert, Box, Button, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormMessage } from '../../components/form-message';
import { PayerDetailsFields } from '../payments/payer-details-fields';
import { PaymentOutcomeSummary } from '../payments/payment-outcome-summary';
import { PaymentPanel } from '../payments/payment-panel';
import { PriceLines } from '../payments/price-lines';
import type { Receipt } from '../payments/payment-api';
import { QUOTE_OFFLINE, type QuoteAnswer, startCheckout } from './checkout-api';
import {
  type Attempt,
  attemptFor,
  attemptSignature,
  checkoutBreakdown,
  type CheckoutKind,
  isMarketplaceMethod,
  MARKETPLACE_METHODS,
  type MarketplaceMethodId,
  signInPath,
} from './checkout-rules';

const WORDS: Record<CheckoutKind, { submit: string; signIn: string; offline: string; busy: string }> = {
  buy: { submit: 'Add to Cart & Checkout', signIn: 'Sign in to buy', offline: 'Buying needs a connection', busy: 'Checking out…' },
  reserve: { submit: 'Reserve', signIn: 'Sign in to reserve', offline: 'Reserving needs a connection', busy: 'Reserving…' },
};

export const CHOOSE_METHOD = 'Please select a payment method';

interface CheckoutTabProps {
  kind: CheckoutKind;
  listingId: string;
  plateNumber: string;
  quote: QuoteAnswer | undefined;
  isSignedIn: boolean;
  isOnline: boolean;
  defaultPhone: string;
  /** A payment of this tab was approved, or the server refused on figures that may be stale. */
  onSettled: () => void;
  onStale: () => void;
}

export function CheckoutTab({ kind, listingId, plateNumber, quote, isSignedIn, isOnline, defaultPhone, onSettled, onStale }: CheckoutTabProps) {
  const words = WORDS[kind];
  const [method, setMethod] = useState<MarketplaceMethodId | null>(null);
  const [phone, setPhone] = useState(defaultPhone);
  const [cardNumber, setCardNumber] = useState('');
  const [errors, setErrors] = useState<{ method?: string; phone?: string; card?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [payment, setPayment] = useState<Receipt | null>(null);

  const loaded = quote?.ok ? quote.quote : null;
  const breakdown = loaded ? checkoutBreakdown(loaded, kind, method) : null;
  const check = loaded ? (kind === 'buy' ? loaded.mayBuy : loaded.mayReserve) : null;
  const idPrefix = `${kind}-${listingId}`;

  async function submit() {
    if (!loaded || !breakdown) return;
    if (!method) {
      setErrors({ method: CHOOSE_METHOD });
      return;
    }
    const details = checkPayerDetails(method, phone, cardNumber);
    if (!details.ok) {
      setErrors({ [details.field]: details.message });
      return;
    }
    setErrors({});
    setMessage(null);
    const request = { method, ...(details.phone ? { phone: details.phone } : {}), ...(details.card ? { card: details.card } : {}), amount: breakdown.total };
    const current = attemptFor(attempt, attemptSignature({ kind, listingId, ...request }), () => crypto.randomUUID());
    setAttempt(current);
    setBusy(true);
    const answer = await startCheckout(kind, listingId, { idempotencyKey: current.key, ...request });
    setBusy(false);
    if (answer.ok) {
      setAttempt({ ...current, hasPayment: true });
      setPayment(answer.payment);
      if (answer.payment.status === 'approved') onSettled();
      return;
    }
    setMessage(answer.message);
    if (answer.fields?.phone) setErrors({ phone: answer.fields.phone });
    else if (answer.fields?.card) setErrors({ card: answer.fields.card });
    // Taken, held, or the price changed: show the figures as they now are.
    if (!answer.isLost) onStale();
  }

  function paymentChanged(next: Receipt) {
    setPayment(next);
    if (next.status === 'approved') onSettled();
  }

  if (payment) {
    const plate = { plateNumber };
    const outcome = paymentOutcome(payment, kind === 'buy' ? { purpose: 'purchase', ...plate } : { purpose: 'reservation', ...plate, reservedUntil: loaded?.listing.reservedUntil ?? null });
    return (
      <Stack gap="4">
        <PaymentOutcomeSummary outcome={outcome} headingLevel="h3" />
        <PaymentPanel payment={payment} onChange={paymentChanged} />
        {outcome.mayPayAgain && (
          <Button
            variant="outline"
            alignSelf="flex-start"
            onClick={() => {
              // A new try is a new payment with a new key.
              setPayment(null);
              setAttempt(null);
              onStale();
            }}
          >
            Try again
          </Button>
        )}
      </Stack>
    );
  }

  const intro =
    kind === 'reserve' && loaded
      ? `Hold this plate for ${loaded.reservation.days} days while you complete your documents. The fee of ${formatKwacha(ngwee(loaded.reservation.amount))} is deducted from the price when you buy it.`
      : null;

  return (
    <Stack gap="5">
      {intro && <Text>{intro}</Text>}
      {isSignedIn && isOnline && check && !check.ok && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{check.message}</Alert.Description>
        </Alert.Root>
      )}

      {isSignedIn && isOnline && loaded && check?.ok !== false && (
        <form
          id={`${idPrefix}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="4">
            <RadioCard.Root
              name={`${idPrefix}-method`}
              value={method}
              onValueChange={(details) => {
                if (isMarketplaceMethod(details.value)) {
                  setMethod(details.value);
                  setErrors({});
                }
              }}
              colorPalette="brand"
              size="sm"
              aria-invalid={errors.method ? true : undefined}
              aria-describedby={errors.method ? `${idPrefix}-method-error` : undefined}
            >
              <RadioCard.Label fontWeight="semibold">Payment Method</RadioCard.Label>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                {MARKETPLACE_METHODS.map((option) => (
                  <RadioCard.Item key={option.id} value={option.id}>
                    <RadioCard.ItemHiddenInput />
                    <RadioCard.ItemControl>
                      <RadioCard.ItemContent>
                        <RadioCard.ItemText>{option.name}</RadioCard.ItemText>
                        {kind === 'buy' && <RadioCard.ItemDescription>Fee: {formatKwacha(ngwee(loaded.buyNow.find((entry) => entry.method === option.id)?.gatewayFee ?? 0))}</RadioCard.ItemDescription>}
                      </RadioCard.ItemContent>
                      <RadioCard.ItemIndicator />
                    </RadioCard.ItemControl>
                  </RadioCard.Item>
                ))}
              </SimpleGrid>
              <Box aria-live="polite">
                {errors.method && (
                  <Text id={`${idPrefix}-method-error`} color="fg.error" fontSize="sm" mt="1">
                    {errors.method}
                  </Text>
                )}
              </Box>
            </RadioCard.Root>

            <PayerDetailsFields
              method={method}
              phone={phone}
              cardNumber={cardNumber}
              errors={errors}
              onPhoneChange={(value) => {
                setPhone(value);
                setErrors({});
              }}
              onCardNumberChange={(value) => {
                setCardNumber(value);
                setErrors({});
              }}
            />
          </Stack>
        </form>
      )}

      <Box as="section" aria-labelledby={`${idPrefix}-breakdown`} bg="bg.muted" rounded="lg" p="4">
        <Text as="h3" id={`${idPrefix}-breakdown`} fontWeight="semibold" mb="3">
          Price Breakdown
        </Text>
        {breakdown ? (
          <PriceLines lines={breakdown.lines} total={breakdown.total} />
        ) : (
          <Text fontSize="sm" color={isOnline && quote && !quote.ok ? 'fg.error' : 'fg.muted'}>
            {!isOnline && !quote?.ok ? QUOTE_OFFLINE : quote === undefined ? 'Loading prices…' : quote.ok ? 'No prices for this plate.' : quote.message}
          </Text>
        )}
      </Box>

      <FormMessage message={message} />

      {!isOnline ? (
        <Button disabled w={{ base: 'full', sm: 'auto' }} alignSelf="flex-end">
          {words.offline}
        </Button>
      ) : !isSignedIn ? (
        <Button asChild colorPalette="brand" w={{ base: 'full', sm: 'auto' }} alignSelf="flex-end">
          <Link to={signInPath(plateNumber)}>{words.signIn}</Link>
        </Button>
      ) : (
        <Button
          type="submit"
          form={`${idPrefix}-form`}
          colorPalette="brand"
          w={{ base: 'full', sm: 'auto' }}
          alignSelf="flex-end"
          loading={isBusy}
          loadingText={words.busy}
          disabled={!loaded || check?.ok === false}
        >
          {words.submit}
        </Button>
      )}
    </Stack>
  );
}
