/** The four payment methods as one radio group, the way every payment form offers them. */
import { isPaymentMethodId, PAYMENT_METHODS, type PaymentMethodId } from '#domain/pricing/pricing';
import { Stack, Text } from '@chakra-ui/react';
import { RadioGroup } from '../components/radio-group';

interface PaymentMethodRadiosProps {
  method: PaymentMethodId | null;
  onChange: (method: PaymentMethodId) => void;
  /** Why no method is accepted yet, shown under the group and tied to it for screen readers. */
  error?: string;
  /** Makes the error's element id unique on the page. */
  idPrefix: string;
  label?: string;
}

export function PaymentMethodRadios({
  method,
  onChange,
  error,
  idPrefix,
  label = 'Payment Method',
}: PaymentMethodRadiosProps) {
  const errorId = `${idPrefix}-method-error`;
  return (
    <>
      <RadioGroup.Root
        value={method ?? ''}
        onValueChange={(details) => {
          if (isPaymentMethodId(details.value)) onChange(details.value);
        }}
        colorPalette="brand"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <RadioGroup.Label fontWeight="medium" mb="2" display="block">
          {label}
        </RadioGroup.Label>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap">
          {PAYMENT_METHODS.map((option) => (
            <RadioGroup.Item key={option.id} value={option.id}>
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{option.name}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      <Stack aria-live="polite">
        {error && (
          <Text id={errorId} color="fg.error" fontSize="sm">
            {error}
          </Text>
        )}
      </Stack>
    </>
  );
}
