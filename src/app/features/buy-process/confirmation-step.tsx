/**
 * Step 3, Confirmation: the server has the application. It leads with what happened to the
 * payment (paid, declined, waiting on the phone or the bank transfer) and what to do next,
 * as the domain's paymentOutcome words it — "Application Submitted!" only once it is paid —
 * then the reference, and the payment as it goes on (the handset prompt, the card's result or
 * the bank details), with a new attempt offered after one that did not go through.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { type RefObject, useState } from 'react';
import { paymentOutcome } from '#domain/payments/payment-outcome';
import type { Receipt } from '../../payments/payment-api';
import { PaymentOutcomeSummary } from '../../payments/payment-outcome-summary';
import { PaymentPanel } from '../../payments/payment-panel';
import { PayAgain } from '../../applications/pay-again';
import { ApplicationNextSteps } from '../../applications/application-next-steps';
import { ChosenNumbersSummary } from '../../applications/chosen-numbers-summary';

interface ConfirmationStepProps {
  numberOfPlates: number;
  reference: string;
  /** The numbers the buyer chose, asked for exactly. */
  numbers?: readonly string[];
  payment: Receipt | null;
  applicationId: string;
  /** The wallet number to offer if the payment has to be made again. */
  payerPhone: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The third step as chosen (the plate shop, or delivery); the spec's words when not given. */
  collectionStep?: { title: string; text: string };
}

export function ConfirmationStep({
  numberOfPlates,
  reference,
  numbers = [],
  payment: firstPayment,
  applicationId,
  payerPhone,
  headingRef,
  collectionStep,
}: ConfirmationStepProps) {
  // The payment as last reported: the panel reports it as it settles, and a new attempt replaces it.
  const [payment, setPayment] = useState(firstPayment);
  const [latest, setLatest] = useState(firstPayment);
  const outcome = paymentOutcome(latest, { purpose: 'application', numberOfPlates, applicationReference: reference });
  return (
    <Stack gap="6" align="center" textAlign="center">
      <PaymentOutcomeSummary outcome={outcome} headingLevel="h2" headingRef={headingRef} layout="centred" />
      {outcome.kind === 'paid' && <ApplicationNextSteps collectionStep={collectionStep} />}
      <Stack gap="1" borderWidth="1px" borderColor="brand.muted" bg="brand.subtle" rounded="lg" px="6" py="4">
        <Text fontSize="sm" color="fg.muted">
          Reference Number
        </Text>
        <Text fontSize="xl" fontWeight="bold" fontFamily="mono" letterSpacing="wide" color="brand.fg">
          {reference}
        </Text>
      </Stack>
      <ChosenNumbersSummary numbers={numbers} numberOfPlates={numberOfPlates} />
      {payment && (
        <Box
          as="section"
          aria-labelledby="application-payment-heading"
          borderWidth="1px"
          rounded="lg"
          p={{ base: '4', md: '5' }}
          width="full"
          textAlign="start"
        >
          <Heading as="h3" id="application-payment-heading" size="md" mb="3">
            Payment
          </Heading>
          <Stack gap="5">
            <PaymentPanel payment={payment} onChange={setLatest} />
            {outcome.mayPayAgain && (
              <PayAgain
                key={payment.id}
                applicationId={applicationId}
                method={payment.method}
                phone={payment.payerPhone ?? payerPhone}
                onStarted={(next) => {
                  setPayment(next);
                  setLatest(next);
                }}
              />
            )}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
