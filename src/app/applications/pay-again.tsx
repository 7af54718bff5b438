/**
 * After a declined or timed-out payment the application stays submitted with nothing
 * charged; this pays it again, with the same or another method. Each attempt carries its
 * own idempotency key, kept until the server has answered, so a resend never charges twice.
 * A card attempt goes straight to the card provider's page.
 */
import { Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { type PaymentMethodId } from '#domain/pricing/pricing';
import { newId } from '../store/new-id';
import type { Receipt } from '../payments/payment-api';
import { PaymentMethodRadios } from '../payments/payment-method-radios';
import { PayerDetailsFields } from '../payments/payer-details-fields';
import { followStartedPayment } from '../payments/card-page';
import { payApplicationAgain } from './application-api';
import { checkPaymentDetails } from './payment-details';
import type { WizardErrors } from './application-fields';

interface PayAgainProps {
  applicationId: string;
  /** The method that did not go through, offered first. */
  method: PaymentMethodId;
  /** The wallet number to offer for mobile money. */
  phone: string;
  onStarted: (payment: Receipt) => void;
}

export function PayAgain({ applicationId, method: firstMethod, phone: firstPhone, onStarted }: PayAgainProps) {
  const [method, setMethod] = useState<PaymentMethodId>(firstMethod);
  const [phone, setPhone] = useState(firstPhone);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [attemptKey, setAttemptKey] = useState(() => newId());

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setMessage(null);
    const details = checkPaymentDetails({ method, payerPhone: phone, phoneNumber: firstPhone });
    if (!details.ok) {
      setErrors(details.errors);
      return;
    }
    setBusy(true);
    try {
      const result = await payApplicationAgain(applicationId, {
        idempotencyKey: attemptKey,
        method,
        phone: details.details.payerPhone,
      });
      if (result.ok) {
        // A card goes straight to the card provider's page, which comes back to the new payment's receipt.
        followStartedPayment(result.payment, { onStarted });
        return;
      }
      setErrors(result.errors);
      setMessage(result.message);
      // The server answered: the attempt is over, and the next one is a new attempt.
      if (result.failure !== 'offline') setAttemptKey(newId());
    } catch {
      setMessage('Something went wrong. Nothing was charged; please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <chakra.form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="pay-again-heading" width="full">
      <Stack gap="4">
        <Heading as="h4" id="pay-again-heading" size="sm">
          Pay again
        </Heading>
        <PaymentMethodRadios
          method={method}
          idPrefix="pay-again"
          label="Payment method"
          onChange={(next) => {
            setMethod(next);
            setErrors({});
          }}
        />
        <PayerDetailsFields
          method={method}
          phone={phone}
          errors={{ phone: errors.payerPhone }}
          onPhoneChange={(value) => {
            setPhone(value);
            setErrors((current) => ({ ...current, payerPhone: undefined }));
          }}
        />
        <Stack aria-live="polite">
          {(message ?? errors.paymentMethod) && <Text color="fg.error">{message ?? errors.paymentMethod}</Text>}
        </Stack>
        <Button
          type="submit"
          colorPalette="brand"
          loading={isBusy}
          loadingText="Starting payment…"
          alignSelf="flex-start"
        >
          Pay again
        </Button>
      </Stack>
    </chakra.form>
  );
}
