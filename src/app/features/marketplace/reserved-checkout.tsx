/** A plate the buyer has reserved: Buy Now alone, under its own heading (no Reserve tab to choose). */
import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function ReservedCheckout({ children }: { children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby="reserved-buy-now" gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h3" id="reserved-buy-now" size="md">
        Buy Now
      </Heading>
      {children}
    </Stack>
  );
}
