import type { RequestStatus } from '#domain/statuses/statuses';
import { Badge } from '@chakra-ui/react';

const PALETTES: Record<RequestStatus, string> = {
  Pending: 'orange',
  'Under Review': 'blue',
  Approved: 'green',
  Rejected: 'red',
};

export function ApplicationStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge colorPalette={PALETTES[status]} variant="subtle" whiteSpace="nowrap">
      {status}
    </Badge>
  );
}
