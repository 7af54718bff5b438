/**
 * The lead of every payment outcome screen: what happened to the payment and what to do
 * next, as the domain's paymentOutcome decides it, with an icon and words so the colour
 * is never the only sign. Its status region announces a change (a prompt approved, a
 * transfer confirmed) while the screen stays open.
 */
import { Box, Circle, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { RefObject } from 'react';
import type { PaymentOutcome } from '#domain/payments/payment-outcome';
import { CheckIcon, ClockIcon, PhoneIcon, WarningIcon } from '../components/icons';

const ICONS = { check: CheckIcon, warning: WarningIcon, phone: PhoneIcon, clock: ClockIcon } as const;

interface PaymentOutcomeSummaryProps {
  outcome: PaymentOutcome;
  /** The heading's level where the summary sits. */
  headingLevel: 'h2' | 'h3';
  /** Set by a screen that moves focus to the outcome when it appears. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** Centred under a large icon (the wizard's confirmation) or beside a small one (a dialog's tab). */
  layout?: 'centred' | 'inline';
}

export function PaymentOutcomeSummary({
  outcome,
  headingLevel,
  headingRef,
  layout = 'inline',
}: PaymentOutcomeSummaryProps) {
  const Icon = ICONS[outcome.icon];
  const isCentred = layout === 'centred';
  return (
    <Stack
      role="status"
      gap="3"
      align={isCentred ? 'center' : 'stretch'}
      textAlign={isCentred ? 'center' : 'start'}
      data-testid="payment-outcome"
      data-outcome={outcome.kind}
      {...(isCentred
        ? {}
        : {
            borderWidth: '1px',
            borderColor: `${outcome.palette}.muted`,
            bg: `${outcome.palette}.subtle`,
            rounded: 'lg',
            p: '4',
          })}
    >
      <HStack
        gap="3"
        align="center"
        justify={isCentred ? 'center' : 'flex-start'}
        flexDirection={isCentred ? 'column' : 'row'}
      >
        <Circle
          size={isCentred ? '14' : '10'}
          bg={isCentred ? `${outcome.palette}.subtle` : 'bg'}
          color={`${outcome.palette}.fg`}
          flexShrink={0}
          aria-hidden
        >
          <Icon boxSize={isCentred ? '7' : '5'} />
        </Circle>
        <Heading
          as={headingLevel}
          size={isCentred ? '2xl' : 'md'}
          color={`${outcome.palette}.fg`}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          outline="none"
        >
          {outcome.heading}
        </Heading>
      </HStack>
      <Text color={isCentred ? 'fg.muted' : 'fg'}>{outcome.text}</Text>
      <Box>
        <Text fontWeight="semibold" as="span">
          Next:
        </Text>{' '}
        <Text as="span">{outcome.nextStep}</Text>
      </Box>
    </Stack>
  );
}
