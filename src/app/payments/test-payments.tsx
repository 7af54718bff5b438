/**
 * "Test payments": the one notice that says payments on this server move no money and how
 * to try each outcome. Shown only when the server's payment provider is the sandbox (it
 * says so at /api/payments/provider); with a real provider no screen mentions test cards.
 */
import { Box, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { apiRequest } from '../api/api-client';

let asked: Promise<boolean> | undefined;

function areTestPayments(): Promise<boolean> {
  asked ??= apiRequest<{ testPayments?: unknown }>('GET', '/api/payments/provider').then(
    (answer) => answer.ok && answer.body.testPayments === true,
    () => {
      // Offline: asked again next time; meanwhile nothing is said.
      asked = undefined;
      return false;
    },
  );
  return asked;
}

/** `known`: the provider is known already (a payment's receipt names it), so nothing is fetched. */
export function TestPaymentsNotice({ known }: { known?: boolean }) {
  const [fetched, setFetched] = useState(false);
  useEffect(() => {
    if (known !== undefined) return;
    let isCurrent = true;
    void areTestPayments().then((answer) => isCurrent && setFetched(answer));
    return () => {
      isCurrent = false;
    };
  }, [known]);
  if (!(known ?? fetched)) return null;
  return (
    <Box
      role="note"
      aria-labelledby="test-payments-title"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="orange.emphasized"
      bg="orange.subtle"
      color="orange.fg"
      rounded="md"
      px="3"
      py="2"
    >
      <Text fontWeight="semibold" fontSize="sm" id="test-payments-title">
        Test payments
      </Text>
      <Text fontSize="sm">
        No money moves on this server. Card 4242 4242 4242 4242 is approved and 4000 0000 0000 0002 is declined; MTN
        (+260 96 or 76) and Airtel (+260 97 or 77) numbers get a handset prompt answered on this screen; a bank transfer
        waits until an administrator marks it received.
      </Text>
    </Box>
  );
}
