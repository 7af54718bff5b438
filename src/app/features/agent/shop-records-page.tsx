/**
 * Admin → Compliance: the integrity queue, then what the plate makers have recorded, once their devices have
 * synced — every shop's whitebook sales, manufacturing and blank stock, read from
 * this device's copy like every other screen.
 */
import { Stack } from '@chakra-ui/react';
import { useStoreQuery } from '../../store/use-store-query';
import { useMemo } from 'react';
import { formatDay } from '../../components/format-date-time';
import { PageHeader, Section } from '../../components/page-parts';
import { RecordsTable } from '../../components/records-table';
import { useRecentInventoryItems, useRecentManufacturingRecords, useRecentWhitebookEntries } from './use-agent-records';
import { IntegrityAlertsSection } from './integrity-alerts-section';

export function ShopRecordsPage() {
  // The same recent records an agent's screens read (and sync started with them), all shops' on this device.
  const entries = useRecentWhitebookEntries();
  const manufacturing = useRecentManufacturingRecords();
  const stock = useRecentInventoryItems();
  // Every account, deleted ones too, so an old record still names its shop.
  const users = useStoreQuery((db) => db.adminUsers.toArray());
  const shopOf = useMemo(() => {
    const names = new Map((users ?? []).map((user) => [user.id, user.businessName ?? user.name]));
    return (agentId: string | undefined) => (agentId ? (names.get(agentId) ?? agentId) : '—');
  }, [users]);
  const empty = {
    title: 'Nothing recorded yet',
    hint: 'Plate makers’ records appear here once their devices have synced.',
  };

  return (
    <Stack gap="6">
      <PageHeader
        title="Compliance"
        summary="What the registry refused as attempts to register or make a plate without the entitlement, and what plate makers have recorded: sales in their whitebooks, plates made and blank stock received."
      />
      <IntegrityAlertsSection />
      <Section title="Whitebook Sales" headingId="shop-sales">
        <RecordsTable
          labelledBy="shop-sales"
          rows={entries}
          empty={empty}
          columns={[
            { header: 'Plate Number', cell: (row) => row.plateNumber, nowrap: true },
            { header: 'Shop', cell: (row) => shopOf(row.agentId) },
            { header: 'Owner', cell: (row) => row.ownerName },
            { header: 'Vehicle', cell: (row) => `${row.vehicleMake} ${row.vehicleModel}` },
            { header: 'Sale Date', cell: (row) => formatDay(row.saleDate), nowrap: true },
            { header: 'Checked Against', cell: (row) => row.entitlementReference, nowrap: true },
          ]}
        />
      </Section>
      <Section title="Manufacturing" headingId="shop-manufacturing">
        <RecordsTable
          labelledBy="shop-manufacturing"
          rows={manufacturing}
          empty={empty}
          columns={[
            { header: 'Plate Number', cell: (row) => row.plateNumber, nowrap: true },
            { header: 'Shop', cell: (row) => shopOf(row.agentId) },
            { header: 'Batch Number', cell: (row) => row.batchNumber, nowrap: true },
            { header: 'Status', cell: (row) => row.status },
            { header: 'Production Date', cell: (row) => formatDay(row.productionDate), nowrap: true },
          ]}
        />
      </Section>
      <Section title="Blank Stock" headingId="shop-stock">
        <RecordsTable
          labelledBy="shop-stock"
          rows={stock}
          empty={empty}
          columns={[
            { header: 'Item Type', cell: (row) => row.itemType },
            { header: 'Shop', cell: (row) => shopOf(row.agentId) },
            { header: 'Quantity', cell: (row) => row.quantity.toLocaleString('en'), nowrap: true },
            { header: 'Batch Number', cell: (row) => row.batchNumber, nowrap: true },
            { header: 'Received Date', cell: (row) => formatDay(row.receivedDate), nowrap: true },
          ]}
        />
      </Section>
    </Stack>
  );
}
