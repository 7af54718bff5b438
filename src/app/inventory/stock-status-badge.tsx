/** A stock status in words with an icon and a colour (never colour alone), and how an allocation is named. */
import type { InventoryAllocation } from '#domain/inventory/allocation';
import type { StockStatus } from '#domain/statuses/statuses';
import { Badge } from '@chakra-ui/react';
import { CheckIcon, WarningIcon } from '../components/icons';

const PALETTE: Record<StockStatus, string> = {
  'In Stock': 'green',
  'Low Stock': 'yellow',
  Critical: 'orange',
  'Out of Stock': 'red',
};

export function StockStatusBadge({ status }: { status: StockStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" gap="1">
      {status === 'In Stock' ? <CheckIcon aria-hidden /> : <WarningIcon aria-hidden />}
      {status}
    </Badge>
  );
}

/** The spec's numeric ID, or 'New' until the server has numbered the allocation. */
export function allocationLabel(allocation: Pick<InventoryAllocation, 'number'>): string {
  return allocation.number === null ? 'New' : `#${allocation.number}`;
}
