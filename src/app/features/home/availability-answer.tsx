/**
 * The answer to 'Check Availability': for sale in the marketplace (with its price),
 * reserved or sold there, already registered, or free to apply for — each with the
 * next step as a link.
 */
import { formatZmw, ngwee } from '#domain/money/money';
import { Alert, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths, withPlate } from '../../config/paths';
import { apiRequest, NetworkError } from '../../api/api-client';

export type Availability =
  | {
      plateNumber: string;
      availability: 'for-sale' | 'reserved' | 'sold' | 'registered' | 'allocated' | 'free';
      listing: { id: string; price: number; status: string } | null;
    }
  | { plateNumber: string; availability: 'offline' | 'error'; message: string };

export async function checkAvailability(plateNumber: string): Promise<Availability> {
  try {
    const response = await apiRequest<Availability & { message?: string }>(
      'GET',
      `/api/plates/${encodeURIComponent(plateNumber)}/availability`,
    );
    if (response.ok) return response.body;
    return {
      plateNumber,
      availability: 'error',
      message: response.body.message ?? 'The number could not be checked. Try again.',
    };
  } catch (error) {
    if (error instanceof NetworkError)
      return {
        plateNumber,
        availability: 'offline',
        message: 'Checking a number needs a connection. The marketplace you last saw is still on this device.',
      };
    throw error;
  }
}

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
      case 'free':
        return {
          status: 'success',
          title: `${plate} is free`,
          text: 'No vehicle holds this number and it is not listed for sale: you can apply for it.',
          next: <NextStep to={paths.buyProcess}>Apply for plates</NextStep>,
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
