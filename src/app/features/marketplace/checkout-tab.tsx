/**
 * One tab of the detail dialog: Buy Now (Add to Cart & Checkout) or Reserve. Buying names the
 * owner the plate is to be registered to (full name and NRC, suggested from what the buyer last
 * gave); the buyer picks a method (mobile money, card or bank transfer) and gives the wallet
 * number or card; the server records the payment and holds the plate. The outcome then leads with what happened and what to
 * do next (the domain's paymentOutcome), and the payment panel follows it until it settles.
 * Online and signed-in only: offline and for visitors the button says what is needed instead.
 */
import { formatKwacha, ngwee } from '#domain/money/money';
import { checkPayerDetails } from '#domain/payments/payment';
import { paymentOutcome } from '#domain/payments/payment-outcome';
import { Alert, Box, Button, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { checkWithRules } from '../../components/form-rules';
import { FormMessage } from '../../components/form-message';
import { NOT_LOADED, onDemand } from '../../components/loaded-when-open';
import { PayerDetailsFields } from '../../payments/payer-details-fields';
import { PaymentOutcomeSummary } from '../../payments/payment-outcome-summary';
import { PaymentPanel } from '../../payments/payment-panel';
import { PriceLines } from '../../payments/price-lines';
import type { Receipt } from '../../payments/payment-api';
import { ownerRules, QUOTE_OFFLINE, type QuoteAnswer, startCheckout } from './checkout-api';
import { CheckoutOwnerFields, OwnerConfirmation, type OwnerField } from './checkout-owner-fields';
import type { BuyNowExtrasReport } from './checkout-collection-fields';
import { LoadedPart } from '../../components/loaded-part';
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
  suggestedOwner,
} from './checkout-rules';

const WORDS: Record<CheckoutKind, { submit: string; signIn: string; offline: string; busy: string }> = {
  buy: {
    submit: 'Add to Cart & Checkout',
    signIn: 'Sign in to buy',
    offline: 'Buying needs a connection',
    busy: 'Checking out…',
  },
  reserve: {
    submit: 'Reserve',
    signIn: 'Sign in to reserve',
    offline: 'Reserving needs a connection',
    busy: 'Reserving…',
  },
};

// Buy Now's vehicle, plate shop and delivery load with its form, not with the marketplace.
const buyNowExtras = onDemand(() =>
  import('./checkout-collection-fields').then((module) => module.CheckoutCollectionFields),
);

export const CHOOSE_METHOD = 'Please select a payment method';

interface CheckoutTabProps {
  kind: CheckoutKind;
  listingId: string;
  plateNumber: string;
  quote: QuoteAnswer | undefined;
  isSignedIn: boolean;
  isOnline: boolean;
  defaultPhone: string;
  /** The signed-in buyer's name: Buy Now's owner when they have never named one. */
  accountName: string;
  /** A payment of this tab was approved, or the server refused on figures that may be stale. */
  onSettled: () => void;
  onStale: () => void;
}

type Errors = { method?: string; phone?: string; card?: string } & Partial<Record<OwnerField, string>>;

/** A change of method or payer details answers their errors, not the owner's. */
const ownerErrorsOnly = ({ ownerName, ownerNrc }: Errors): Errors => ({ ownerName, ownerNrc });

export function CheckoutTab({
  kind,
  listingId,
  plateNumber,
  quote,
  isSignedIn,
  isOnline,
  defaultPhone,
  accountName,
  onSettled,
  onStale,
}: CheckoutTabProps) {
  const words = WORDS[kind];
  const [method, setMethod] = useState<MarketplaceMethodId | null>(null);
  const [phone, setPhone] = useState(defaultPhone);
  // Null until the buyer types: the suggestion (which arrives with the quote) is shown meanwhile.
  const [typedOwner, setTypedOwner] = useState<{ ownerName: string | null; ownerNrc: string | null }>({
    ownerName: null,
    ownerNrc: null,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [payment, setPayment] = useState<Receipt | null>(null);
  // Buy Now's vehicle, plate shop and delivery, as their fields report them; the delivery fee is added to the total.
  const extras = useRef<BuyNowExtrasReport | null>(null);
  const [reportedFee, setReportedFee] = useState(0);
  const deliveryFee = kind === 'buy' ? reportedFee : 0;
  const onExtrasReport = useCallback((report: BuyNowExtrasReport) => {
    extras.current = report;
    setReportedFee(report.deliveryFee);
  }, []);

  const loaded = quote?.ok ? quote.quote : null;
  const breakdown = loaded ? checkoutBreakdown(loaded, kind, method) : null;
  const check = loaded ? (kind === 'buy' ? loaded.mayBuy : loaded.mayReserve) : null;
  const idPrefix = `${kind}-${listingId}`;
  const suggested = suggestedOwner(loaded, accountName);
  const ownerName = typedOwner.ownerName ?? suggested.name;
  const ownerNrc = typedOwner.ownerNrc ?? suggested.nrc;

  /** Buy Now's owner checked with the wizard's rules; null when the rules cannot be fetched. */
  async function checkOwner(): Promise<
    { ok: true; owner: { ownerName: string; ownerNrc: string } | null } | { ok: false; errors: Errors } | null
  > {
    if (kind !== 'buy') return { ok: true, owner: null };
    const checked = await checkWithRules(
      ownerRules.load().then((rules) => rules.checkoutOwnerSchema),
      { ownerName, ownerNrc },
    );
    if (!checked) return null;
    return checked.ok
      ? { ok: true, owner: checked.value }
      : { ok: false, errors: { ownerName: checked.errors.ownerName, ownerNrc: checked.errors.ownerNrc } };
  }

  async function submit() {
    if (!loaded || !breakdown) return;
    setMessage(null);
    const details = method ? checkPayerDetails(method, phone) : null;
    const owner = await checkOwner();
    const extra = kind === 'buy' ? await extras.current?.check() : {};
    if (!owner || extra === undefined) {
      setMessage(NOT_LOADED);
      return;
    }
    // Every field's problem at once: the owner's, and the method's or the payer's details.
    const found: Errors = {
      ...(owner.ok ? {} : owner.errors),
      ...(!method ? { method: CHOOSE_METHOD } : {}),
      ...(details && !details.ok ? { [details.field]: details.message } : {}),
    };
    if (!method || !details?.ok || !owner.ok || extra === null) {
      setErrors(found);
      return;
    }
    setErrors({});
    const request = {
      method,
      ...(details.phone ? { phone: details.phone } : {}),
      amount: breakdown.total + deliveryFee,
      ...(owner.owner ?? {}),
      ...extra,
    };
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
    const fields = answer.fields ?? {};
    if (kind === 'buy' && extras.current?.showServerErrors(fields)) setErrors({});
    else if (fields.ownerName || fields.ownerNrc) setErrors({ ownerName: fields.ownerName, ownerNrc: fields.ownerNrc });
    else if (fields.phone) setErrors({ phone: fields.phone });
    // Taken, held, or the price changed: show the figures as they now are.
    if (!answer.isLost) onStale();
  }

  function paymentChanged(next: Receipt) {
    setPayment(next);
    if (next.status === 'approved') onSettled();
  }

  if (payment) {
    const plate = { plateNumber };
    const outcome = paymentOutcome(
      payment,
      kind === 'buy'
        ? { purpose: 'purchase', ...plate }
        : { purpose: 'reservation', ...plate, reservedUntil: loaded?.listing.reservedUntil ?? null },
    );
    const isOwnerShown =
      kind === 'buy' && payment.owner && (payment.status === 'pending' || payment.status === 'approved');
    return (
      <Stack gap="4">
        <PaymentOutcomeSummary outcome={outcome} headingLevel="h3" />
        {isOwnerShown && payment.owner && (
          <OwnerConfirmation owner={payment.owner} isPaid={payment.status === 'approved'} />
        )}
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
            {kind === 'buy' && (
              <CheckoutOwnerFields
                name={ownerName}
                nrc={ownerNrc}
                errors={errors}
                onChange={(field, value) => {
                  setTypedOwner((typed) => ({ ...typed, [field]: value }));
                  setErrors((current) => ({ ...current, [field]: undefined }));
                }}
              />
            )}
            {kind === 'buy' && (
              <LoadedPart
                source={buyNowExtras}
                label="Loading the vehicle and plate shop"
                props={{ idPrefix, onReport: onExtrasReport }}
              />
            )}
            <RadioCard.Root
              name={`${idPrefix}-method`}
              value={method}
              onValueChange={(details) => {
                if (isMarketplaceMethod(details.value)) {
                  setMethod(details.value);
                  setErrors(ownerErrorsOnly);
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
                        {kind === 'buy' && (
                          <RadioCard.ItemDescription>
                            Fee:{' '}
                            {formatKwacha(
                              ngwee(loaded.buyNow.find((entry) => entry.method === option.id)?.gatewayFee ?? 0),
                            )}
                          </RadioCard.ItemDescription>
                        )}
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
              errors={errors}
              onPhoneChange={(value) => {
                setPhone(value);
                setErrors(ownerErrorsOnly);
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
          <PriceLines
            lines={
              deliveryFee > 0 ? [...breakdown.lines, { label: 'Delivery fee', amount: deliveryFee }] : breakdown.lines
            }
            total={breakdown.total + deliveryFee}
          />
        ) : (
          <Text fontSize="sm" color={isOnline && quote && !quote.ok ? 'fg.error' : 'fg.muted'}>
            {!isOnline && !quote?.ok
              ? QUOTE_OFFLINE
              : quote === undefined
                ? 'Loading prices…'
                : quote.ok
                  ? 'No prices for this plate.'
                  : quote.message}
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
          <Link to={signInPath(plateNumber, kind)}>{words.signIn}</Link>
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
