/**
 * Renew a plate's registration: the fee and the expiry a renewal paid today gives (the
 * server's figures, by its clock and prices), the payment method and its details, then the
 * outcome (what happened to the payment, what to do next) over the payment panel until the
 * payment settles. Once it is approved the server re-issues the registration; the new
 * certificate and QR code reach the device with the sync that follows. Online only: offline the dialog says so. Each attempt carries its own
 * idempotency key, kept until the server has answered, so a resend never charges twice.
 */
import { formatKwacha, ngwee } from '#domain/money/money';
import { checkPayerDetails } from '#domain/payments/payment';
import { paymentOutcome } from '#domain/payments/payment-outcome';
import type { OwnedPlate } from '#domain/plates/owned-plate';
import { type PaymentMethodId } from '#domain/pricing/pricing';
import { Alert, Button, DataList, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { AppDialog } from '../components/app-dialog';
import { formatDay } from '../components/format-date-time';
import { FormMessage } from '../components/form-message';
import { useOnlineStatus } from '../components/use-online-status';
import { useSession } from '../session/use-session';
import type { Receipt } from '../payments/payment-api';
import { PaymentMethodRadios } from '../payments/payment-method-radios';
import { PayerDetailsFields } from '../payments/payer-details-fields';
import { PaymentOutcomeSummary } from '../payments/payment-outcome-summary';
import { PaymentPanel } from '../payments/payment-panel';
import { type QuoteAnswer, fetchRenewalQuote, RENEWAL_NEEDS_CONNECTION, startRenewal } from './renewal-api';

export const CHOOSE_METHOD = 'Please select a payment method';

export interface RenewDialogProps {
  plate: Pick<OwnedPlate, 'plateNumber' | 'registration'>;
  isOpen: boolean;
  onClose: () => void;
}

function Figures({ rows }: { rows: Array<[string, string]> }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export function RenewDialog({ plate, isOpen, onClose }: RenewDialogProps) {
  const isOnline = useOnlineStatus();
  const session = useSession();
  const [quote, setQuote] = useState<QuoteAnswer | undefined>(undefined);
  const [method, setMethod] = useState<PaymentMethodId | null>(null);
  const [phone, setPhone] = useState(session.status === 'signed-in' ? (session.user.phone ?? '') : '');
  const [errors, setErrors] = useState<{ method?: string; phone?: string; card?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());
  const [payment, setPayment] = useState<Receipt | null>(null);
  const [quotedFor, setQuotedFor] = useState<string | null>(null);

  // Asked when the dialog opens online (again after a payment, whose approval changes the figures).
  useEffect(() => {
    if (!isOpen || !isOnline || payment) return;
    let isCurrent = true;
    void fetchRenewalQuote(plate.plateNumber).then((answer) => {
      if (isCurrent) {
        setQuote(answer);
        setQuotedFor(plate.plateNumber);
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [isOpen, isOnline, payment, plate.plateNumber]);

  function close() {
    setPayment(null);
    setMessage(null);
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (!method) {
      setErrors({ method: CHOOSE_METHOD });
      return;
    }
    const details = checkPayerDetails(method, phone);
    if (!details.ok) {
      setErrors({ [details.field]: details.message });
      return;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      const answer = await startRenewal(plate.plateNumber, {
        idempotencyKey: attemptKey,
        method,
        ...(details.phone ? { phone: details.phone } : {}),
      });
      if (answer.ok) {
        setPayment(answer.payment);
        return;
      }
      setMessage(answer.message);
      if (answer.fields?.phone) setErrors({ phone: answer.fields.phone });
      // The server answered: the attempt is over, and the next one is a new attempt.
      if (!answer.isLost) setAttemptKey(crypto.randomUUID());
    } finally {
      setBusy(false);
    }
  }

  function paymentChanged(next: Receipt) {
    setPayment(next);
    if (next.status === 'approved') void import('../sync/sync-engine').then((module) => module.syncNow());
  }

  const loaded = quote?.ok && quotedFor === plate.plateNumber ? quote.quote : null;
  const registration = plate.registration;
  const formId = `renew-${plate.plateNumber.replace(/\W+/g, '-')}`;
  const isOver =
    payment !== null && paymentOutcome(payment, { purpose: 'renewal', plateNumber: plate.plateNumber }).mayPayAgain;
  const mayPay = isOnline && loaded !== null && loaded.refusal === null && payment === null;

  return (
    <AppDialog
      title={`Renew plate ${plate.plateNumber}`}
      isOpen={isOpen}
      onClose={close}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {payment ? 'Close' : 'Cancel'}
          </Button>
          {payment === null && (
            <Button
              type="submit"
              form={formId}
              colorPalette="brand"
              loading={isBusy}
              loadingText="Starting payment…"
              disabled={!mayPay}
            >
              {!isOnline
                ? 'Renewing needs a connection'
                : loaded
                  ? `Pay ${formatKwacha(ngwee(loaded.fee))} and renew`
                  : 'Renew'}
            </Button>
          )}
          {isOver && (
            <Button
              variant="outline"
              onClick={() => {
                // A new try is a new payment with a new key.
                setPayment(null);
                setAttemptKey(crypto.randomUUID());
              }}
            >
              Try again
            </Button>
          )}
        </>
      }
    >
      <Stack gap="4">
        {loaded ? (
          <Figures
            rows={[
              [loaded.isExpired ? 'Expired on' : 'Valid until', formatDay(loaded.expiryDate)],
              ['Renewal fee', formatKwacha(ngwee(loaded.fee))],
              [
                'New expiry date',
                `${formatDay(loaded.newExpiryDate)} (${loaded.validityYears} years${loaded.isExpired ? ' from today' : ' from the current expiry'})`,
              ],
            ]}
          />
        ) : (
          registration && (
            <Figures
              rows={[
                [
                  registration.expiryDate < new Date().toISOString().slice(0, 10) ? 'Expired on' : 'Valid until',
                  formatDay(registration.expiryDate),
                ],
              ]}
            />
          )
        )}

        {!isOnline && payment === null && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{RENEWAL_NEEDS_CONNECTION}</Alert.Description>
          </Alert.Root>
        )}
        {isOnline && quote === undefined && <Text color="fg.muted">Loading the renewal fee…</Text>}
        {isOnline && quote && !quote.ok && payment === null && <FormMessage message={quote.message} />}
        {loaded?.refusal && payment === null && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{loaded.refusal}</Alert.Description>
          </Alert.Root>
        )}

        {payment ? (
          <Stack gap="4">
            <PaymentOutcomeSummary
              outcome={paymentOutcome(payment, { purpose: 'renewal', plateNumber: plate.plateNumber })}
              headingLevel="h3"
            />
            <PaymentPanel payment={payment} onChange={paymentChanged} />
          </Stack>
        ) : (
          mayPay && (
            <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
              <Stack gap="4">
                <PaymentMethodRadios
                  method={method}
                  idPrefix={formId}
                  error={errors.method}
                  onChange={(next) => {
                    setMethod(next);
                    setErrors({});
                    setAttemptKey(crypto.randomUUID());
                  }}
                />
                <PayerDetailsFields
                  method={method}
                  phone={phone}
                  errors={errors}
                  onPhoneChange={(value) => {
                    setPhone(value);
                    setErrors({});
                  }}
                />
              </Stack>
            </form>
          )
        )}
        {payment === null && <FormMessage message={message} />}
      </Stack>
    </AppDialog>
  );
}
