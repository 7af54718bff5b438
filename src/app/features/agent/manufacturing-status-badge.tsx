/** Each manufacturing status keeps its own colour, from made to handed over. */
import type { ManufacturingStatus } from '#domain/statuses/statuses';
import { Badge } from '@chakra-ui/react';

const COLOURS: Record<ManufacturingStatus, string> = {
  'In Production': 'blue',
  Printed: 'yellow',
  'Ready for Collection': 'orange',
  Collected: 'green',
};

export function ManufacturingStatusBadge({ status }: { status: ManufacturingStatus }) {
  return (
    <Badge colorPalette={COLOURS[status] ?? 'gray'} variant="subtle">
      {status}
    </Badge>
  );
}
