/**
 * Step 3, Confirmation: the server has the application; what happens next, its reference,
 * and its payment as it goes on (the handset prompt, the card's result or the bank details).
 */
import { Box, Circle, Heading, Icon, List, Stack, Text } from '@chakra-ui/react';
import { type RefObject, useState } from 'react';
import { CheckIcon } from '../../components/icons';
import type { Receipt } from '../payments/payment-api';
import { PaymentPanel } from '../payments/payment-panel';
import { PayAgain } from './pay-again';

const NEXT_STEPS = [
  { title: 'Application Processing', text: 'Our team will process your application within 24 hours.' },
  { title: 'Plate Production', text: 'Your plates will be manufactured within 3-5 business days.' },
  { title: 'Delivery', text: 'Collect your plates from our office or request delivery.' },
] as const;

interface ConfirmationStepProps {
  numberOfPlates: number;
  reference: string;
  payment: Receipt | null;
  applicationId: string;
  /** The wallet number to offer if the payment has to be made again. */
  payerPhone: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

const NOT_PAID: readonly Receipt['status'][] = ['declined', 'timed_out', 'cancelled'];

export function ConfirmationStep({ numberOfPlates, reference, payment: firstPayment, applicationId, payerPhone, headingRef }: ConfirmationStepProps) {
  const [payment, setPayment] = useState(firstPayment);
  // The panel reports the payment as it settles; a new attempt replaces it.
  const [status, setStatus] = useState(firstPayment?.status);
  return (
    <Stack gap="6" align="center" textAlign="center">
      <Circle size="14" bg="green.subtle" color="green.fg" aria-hidden>
        <Icon as={CheckIcon} boxSize="7" />
      </Circle>
      <Stack gap="2">
        <Heading as="h2" size="2xl" ref={headingRef} tabIndex={-1} outline="none">
          Application Submitted!
        </Heading>
        <Text color="fg.muted">
          Your application for {numberOfPlates} plate(s) has been submitted successfully. You will receive a confirmation email shortly.
        </Text>
      </Stack>
      <Box bg="bg.muted" rounded="lg" p={{ base: '4', md: '5' }} width="full" textAlign="start">
        <Heading as="h3" size="md" mb="3">
          Next Steps
        </Heading>
        <List.Root as="ol" gap="3" ps="5">
          {NEXT_STEPS.map((item) => (
            <List.Item key={item.title}>
              <Text as="span" fontWeight="semibold">
                {item.title}:
              </Text>{' '}
              {item.text}
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Stack gap="1" borderWidth="1px" borderColor="brand.muted" bg="brand.subtle" rounded="lg" px="6" py="4">
        <Text fontSize="sm" color="fg.muted">
          Reference Number
        </Text>
        <Text fontSize="xl" fontWeight="bold" fontFamily="mono" letterSpacing="wide" color="brand.fg">
          {reference}
        </Text>
      </Stack>
      {payment && (
        <Box as="section" aria-labelledby="application-payment-heading" borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} width="full" textAlign="start">
          <Heading as="h3" id="application-payment-heading" size="md" mb="3">
            Payment
          </Heading>
          <Stack gap="5">
            <PaymentPanel payment={payment} onChange={(next) => setStatus(next.status)} />
            {status && NOT_PAID.includes(status) && (
              <PayAgain
                key={payment.id}
                applicationId={applicationId}
                method={payment.method}
                phone={payment.payerPhone ?? payerPhone}
                onStarted={(next) => {
                  setPayment(next);
                  setStatus(next.status);
                }}
              />
            )}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
