/**
 * The answer to 'Check Availability': for sale in the marketplace (with its price),
 * reserved or sold there, already registered, held by an application, not offered (a listed
 * word or a look-alike), or free to apply for — each with the next step as a link; a free
 * number's link opens the wizard with exactly that number chosen.
 */
import { formatZmw, ngwee } from '#domain/money/money';
import { Alert, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths, withPlate } from '../../config/paths';
import type { Availability } from '../../plate-check/number-availability';
import { applyForNumberPath } from '../../plate-check/apply-for-number';

export { type Availability, checkAvailability } from '../../plate-check/number-availability';

function NextStep({ to, children }: { to: string; children: string }) {
  return (
    <ChakraLink asChild colorPalette="brand" fontWeight="semibold">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

export function AvailabilityAnswer({ answer }: { answer: Availability }) {
  const plate = answer.plateNumber;
  const market = withPlate(paths.marketplace, plate);
  const content = (() => {
    switch (answer.availability) {
      case 'for-sale':
        return {
          status: 'success',
          title: `${plate} is for sale`,
          text: `Listed in the marketplace for ${formatZmw(ngwee(answer.listing?.price ?? 0))}.`,
          next: <NextStep to={market}>View it in the marketplace</NextStep>,
        };
      case 'reserved':
        return {
          status: 'warning',
          title: `${plate} is reserved`,
          text: 'Another buyer is holding it; it returns to sale if they do not buy it within 7 days.',
          next: <NextStep to={market}>See it in the marketplace</NextStep>,
        };
      case 'sold':
      case 'registered':
        return {
          status: 'info',
          title: `${plate} is already registered`,
          text: 'This number belongs to a registered vehicle.',
          next: <NextStep to={withPlate(paths.verification, plate)}>Verify this plate</NextStep>,
        };
      case 'allocated':
        return {
          status: 'info',
          title: `${plate} is taken`,
          text: 'This number belongs to an owner and its plate is being made; it is not yet registered to a vehicle.',
          next: <NextStep to={paths.marketplace}>Browse other plates</NextStep>,
        };
      case 'held':
        return {
          status: 'info',
          title: `${plate} is held`,
          text: 'Another buyer has applied for this number and the application is being reviewed.',
          next: <NextStep to={paths.marketplace}>Browse other plates</NextStep>,
        };
      case 'not-offered':
        return {
          status: 'warning',
          title: `${plate} is not offered`,
          text: answer.reason ?? 'This number cannot be applied for.',
          next: <NextStep to={paths.marketplace}>Browse other plates</NextStep>,
        };
      case 'free':
        return {
          status: 'success',
          title: `${plate} is free`,
          text: 'No vehicle holds this number and it is not listed for sale: you can apply for it.',
          next: <NextStep to={applyForNumberPath(plate)}>{`Apply for ${plate}`}</NextStep>,
        };
      case 'offline':
      case 'error':
        return {
          status: 'warning',
          title: 'Could not check the number',
          text: answer.message,
          next: <NextStep to={market}>Browse the marketplace</NextStep>,
        };
    }
  })();
  return (
    <Alert.Root status={content.status as 'success' | 'warning' | 'info'} data-testid="availability-answer">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>{content.title}</Alert.Title>
        <Alert.Description>
          {content.text} {content.next}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
