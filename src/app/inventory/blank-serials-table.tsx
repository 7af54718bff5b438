/**
 * A shop's blanks reconciled by serial, delivery by delivery (decision 042): delivered = used +
 * spoiled + in stock + unaccounted, with the next blank on the stack; serials recorded twice or
 * outside the shop's deliveries are listed under it as alerts. The shop's Inventory page and the
 * administrator's Inventory Management show it.
 */
import type { DeliveryLine, ShopReconciliation } from '#domain/serials/blank-serial';
import { Alert, Stack, Text } from '@chakra-ui/react';
import { type Column, RecordsTable } from '../components/records-table';
import { formatCount } from '../components/count-format';

type Row = DeliveryLine & { id: string };

const COLUMNS: readonly Column<Row>[] = [
  {
    header: 'Allocation',
    cell: (row) => (row.allocation === null ? 'Not yet numbered' : `#${row.allocation}`),
    nowrap: true,
  },
  {
    header: 'Serials',
    cell: (row) => (
      <Text as="span" fontFamily="mono">
        {row.serials}
      </Text>
    ),
  },
  { header: 'Delivered', cell: (row) => formatCount(row.delivered), nowrap: true },
  { header: 'Used', cell: (row) => formatCount(row.used), nowrap: true },
  { header: 'Spoiled', cell: (row) => formatCount(row.spoiled), nowrap: true },
  { header: 'In Stock', cell: (row) => formatCount(row.inStock), nowrap: true },
  {
    header: 'Unaccounted',
    cell: (row) =>
      row.unaccounted === 0 ? (
        '0'
      ) : (
        <Text as="span" color="fg.error" fontWeight="semibold">
          {formatCount(row.unaccounted)}: {row.unaccountedSerials}
        </Text>
      ),
  },
  {
    header: 'Next Blank',
    cell: (row) => (
      <Text as="span" fontFamily="mono">
        {row.nextInStock ?? 'Used up'}
      </Text>
    ),
    nowrap: true,
  },
];

export function BlankSerialsTable({
  reconciliation,
  labelledBy,
}: {
  reconciliation: ShopReconciliation | undefined;
  labelledBy: string;
}) {
  const rows = reconciliation?.deliveries.map((line): Row => ({ ...line, id: line.serials }));
  return (
    <Stack gap="3">
      <RecordsTable
        labelledBy={labelledBy}
        rows={rows}
        columns={COLUMNS}
        hasSyncState={false}
        empty={{
          title: 'No deliveries with serials yet',
          hint: 'Deliveries of blanks carry their serial range once the administrator records it.',
        }}
      />
      {reconciliation && reconciliation.duplicates.length + reconciliation.notDelivered.length > 0 && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Blanks that do not add up</Alert.Title>
            <Alert.Description>
              <Stack as="ul" gap="0.5" m="0" pl="4">
                {reconciliation.duplicates.map((duplicate) => (
                  <li key={`twice-${duplicate.serial}`}>
                    {duplicate.serial} recorded {duplicate.uses.length} times: {duplicate.uses.join('; ')}
                  </li>
                ))}
                {reconciliation.notDelivered.map((stray) => (
                  <li key={`stray-${stray.serial}`}>
                    {stray.serial} ({stray.use}) is in none of the shop’s deliveries
                  </li>
                ))}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {reconciliation && reconciliation.deliveries.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          Delivered = used + spoiled + in stock + unaccounted. Blanks are taken from each delivery in serial order: one
          skipped (neither used nor recorded spoiled) is unaccounted for until it is recorded, and the registry’s
          administrators are told.
        </Text>
      )}
    </Stack>
  );
}
