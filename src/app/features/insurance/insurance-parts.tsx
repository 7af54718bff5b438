/** Pieces the insurance pages share: the policy status badge, the vehicle line and the pager under a list. */
import type { CustomerVehicle } from '#domain/insurance/customer';
import type { PolicyStatus } from '#domain/insurance/policy-terms';
import { Badge, Button, HStack, Text } from '@chakra-ui/react';

const STATUS_COLOURS: Record<PolicyStatus, string> = { Active: 'green', Expired: 'red', Cancelled: 'gray' };

export function PolicyStatusBadge({ status }: { status: PolicyStatus }) {
  return (
    <Badge colorPalette={STATUS_COLOURS[status]} variant="subtle">
      {status}
    </Badge>
  );
}

/** 'ZM-123-ABC — Silver Toyota Corolla (2019)', with the registration's standing when it is not Valid. */
export function vehicleText(vehicle: CustomerVehicle): string {
  const standing =
    vehicle.standing === 'Valid' ? '' : vehicle.standing === 'Stolen' ? ', reported stolen' : ', revoked';
  return `${vehicle.plateNumber} — ${vehicle.colour} ${vehicle.make} ${vehicle.model} (${vehicle.year})${standing}`;
}

export function Pager({
  page,
  pages,
  total,
  noun,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  if (total === 0) return null;
  return (
    <HStack justify="space-between" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {total.toLocaleString('en-GB')} {noun}
        {pages > 1 ? ` — page ${page} of ${pages}` : ''}
      </Text>
      {pages > 1 && (
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            Previous
          </Button>
          <Button size="sm" variant="outline" onClick={() => onPage(page + 1)} disabled={page >= pages}>
            Next
          </Button>
        </HStack>
      )}
    </HStack>
  );
}
