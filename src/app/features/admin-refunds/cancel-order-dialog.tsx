/**
 * Cancel an order: the administrator cancels a marketplace order (PO-) whose plate is not yet
 * being made. The shop's order is withdrawn, the plate goes back on sale, and the purchase is
 * refunded through the payment provider; a reservation fee deducted from it is kept.
 */
import { Button, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { AppDialog } from '../../components/app-dialog';
import { FormField } from '../../components/form-field';
import { cancelOrder, type CancelOrderAnswer } from './refunds-api';

export function CancelOrderDialog({
  isOnline,
  onClose,
  onDone,
}: {
  isOnline: boolean;
  onClose: () => void;
  onDone: (answer: CancelOrderAnswer) => void;
}) {
  const [orderId, setOrderId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ orderId?: string; reason?: string; form?: string }>({});
  const [isSending, setIsSending] = useState(false);

  const submit = async () => {
    const id = orderId.trim().toUpperCase();
    const found = {
      orderId: /^PO-\d{6,}$/.test(id) ? undefined : 'Enter the order reference, for example PO-000123',
      reason: reason.trim() ? undefined : 'Give a reason for the cancellation',
    };
    setErrors(found);
    if (found.orderId || found.reason) return;
    setIsSending(true);
    const answer = await cancelOrder(id, reason.trim());
    setIsSending(false);
    if (!answer.ok) setErrors({ form: answer.message });
    else onDone(answer);
  };

  return (
    <AppDialog
      title="Cancel an order"
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep the order
          </Button>
          <Button colorPalette="red" onClick={() => void submit()} loading={isSending} disabled={!isOnline}>
            Cancel order
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          A marketplace order can be cancelled until a plate shop records making its plate. The plate goes back on sale
          and the buyer is refunded what the purchase cost; a reservation fee deducted from the price is kept.
        </Text>
        <FormField label="Order reference" error={errors.orderId} required>
          <Input value={orderId} onChange={(event) => setOrderId(event.currentTarget.value)} placeholder="PO-000123" />
        </FormField>
        <FormField label="Reason" error={errors.reason} required>
          <Textarea value={reason} onChange={(event) => setReason(event.currentTarget.value)} maxLength={500} />
        </FormField>
        {errors.form && (
          <Text color="fg.error" role="alert">
            {errors.form}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
