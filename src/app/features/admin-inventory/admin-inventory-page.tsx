/**
 * Admin: Inventory Management (spec): plate blanks allocated to plate-maker shops. Search
 * and filters, the four stat cards, the Plate Type Distribution cards, the allocations
 * table with each one's stock status (what is left of it, against the stock thresholds in
 * Settings) and what the shop recorded as received against it, and the add, edit and
 * delete dialogs. Read from the device's store, so it works offline as of the last sync.
 */
import {
  ALL_ALLOCATIONS_FILTER,
  type AllocationFilter,
  filterAllocations,
  inventoryStats,
  plateTypeDistribution,
  receiptDifferenceText,
} from '#domain/inventory/inventory-stock';
import { INVENTORY_PLATE_TYPES, STOCK_STATUSES } from '#domain/statuses/statuses';
import { Badge, Box, Button, Card, Flex, Heading, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { FilterSelect, SearchField } from '../../components/filter-fields';
import { formatDay } from '../../components/format-date-time';
import { PencilIcon, PlusIcon, TrashIcon } from '../../components/icons';
import { OfflineAsOf } from '../../components/offline-as-of';
import { type Column, RecordsTable } from '../../components/records-table';
import { StatCard } from '../../components/stat-card';
import { paths } from '../../config/paths';
import { useStoreQuery } from '../../store/use-store-query';
import { startSync } from '../../sync/sync-engine';
import { AllocationDialog, type PlateMakerShop } from './allocation-dialog';
import { DeleteAllocationDialog } from './delete-allocation-dialog';
import { type AllocationRow, readInventory } from '../../inventory/inventory-data';
import { allocationLabel, StockStatusBadge } from '../../inventory/stock-status-badge';
import { readEveryShopsBlanks } from '../../inventory/blank-stock';
import { BlankSerialsTable } from '../../inventory/blank-serials-table';

// Deleting keeps the row it opened with: the row leaves the list the moment the deletion is saved, and a refusal must still be shown.
type OpenDialog = { kind: 'add' } | { kind: 'edit'; id: string } | { kind: 'delete'; row: AllocationRow } | null;

const count = (value: number) => value.toLocaleString('en-GB');

function ReceivedCell({ row }: { row: AllocationRow }) {
  const difference = row.receiptDifference;
  return (
    <Stack gap="0.5" align="flex-start">
      <Text>
        {count(row.received)} of {count(row.allocation.allocatedQuantity)}
      </Text>
      <Badge
        size="sm"
        variant="outline"
        colorPalette={difference === 0 ? 'green' : difference < 0 ? 'orange' : 'purple'}
      >
        {receiptDifferenceText(row)}
      </Badge>
    </Stack>
  );
}

const COLUMNS: readonly Column<AllocationRow>[] = [
  { header: 'ID', cell: (row) => <Text fontFamily="mono">{allocationLabel(row.allocation)}</Text>, nowrap: true },
  { header: 'Plate Maker', cell: (row) => row.allocation.shopName },
  { header: 'Plate Type', cell: (row) => row.allocation.plateType, nowrap: true },
  { header: 'Allocated Qty', cell: (row) => count(row.allocation.allocatedQuantity), nowrap: true },
  { header: 'Received', cell: (row) => <ReceivedCell row={row} /> },
  {
    header: 'Stock Status',
    cell: (row) => (
      <Stack gap="0.5" align="flex-start">
        <StockStatusBadge status={row.status} />
        <Text fontSize="xs" color="fg.muted">
          {count(row.remaining)} left · {count(row.used)} made
        </Text>
      </Stack>
    ),
  },
  {
    header: 'Last Updated',
    cell: (row) => <time dateTime={row.allocation.updatedAt}>{formatDay(row.allocation.updatedAt)}</time>,
    nowrap: true,
  },
];

export function AdminInventoryPage() {
  useEffect(() => startSync(), []);
  const data = useStoreQuery((db) => readInventory(db), []);
  const shopBlanks = useStoreQuery((db) => readEveryShopsBlanks(db), []);
  const shops = useStoreQuery(async (db): Promise<PlateMakerShop[]> => {
    const users = await db.adminUsers.where('userType').equals('AGENT').toArray();
    return users
      .filter((user) => user.status === 'Active' && !user.isDeleted)
      .map((user) => ({ id: user.id, name: user.businessName || user.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, []);
  const [filter, setFilter] = useState<AllocationFilter>(ALL_ALLOCATIONS_FILTER);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const rows = data?.rows;
  const shown = useMemo(() => (rows ? filterAllocations(rows, filter) : undefined), [rows, filter]);
  const stats = rows ? inventoryStats(rows) : undefined;
  const distribution = rows ? plateTypeDistribution(rows.map((row) => row.allocation)) : [];
  const update = (patch: Partial<AllocationFilter>) => setFilter((current) => ({ ...current, ...patch }));
  const selected = dialog?.kind === 'edit' ? rows?.find((row) => row.id === dialog.id) : undefined;
  const close = () => setDialog(null);
  const thresholds = data?.thresholds;

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="4"
        direction={{ base: 'column', sm: 'row' }}
      >
        <Box>
          <Heading as="h1" size="2xl">
            Inventory Management
          </Heading>
          <Text color="fg.muted" mt="1">
            Manage plate allocations and inventory tracking
          </Text>
        </Box>
        <Button colorPalette="brand" onClick={() => setDialog({ kind: 'add' })}>
          <PlusIcon /> Add Allocation
        </Button>
      </Flex>
      <OfflineAsOf what="allocations and stock are shown" />

      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }}>
        <StatCard
          label="Total Allocated"
          value={stats?.totalAllocated}
          help="Plates allocated to plate makers, all allocations"
        />
        <StatCard
          label="In Stock"
          value={stats?.inStock}
          help={
            thresholds
              ? `Allocations with more than ${count(thresholds.lowStock)} plates left`
              : 'Allocations with plates to spare'
          }
        />
        <StatCard
          label="Low Stock"
          value={stats?.lowStock}
          help={
            thresholds
              ? `${count(thresholds.critical + 1)} to ${count(thresholds.lowStock)} plates left`
              : 'Allocations running low'
          }
        />
        <StatCard
          label="Critical"
          value={stats?.critical}
          help={
            thresholds
              ? `${count(thresholds.critical)} or fewer plates left${stats && stats.outOfStock > 0 ? `, ${count(stats.outOfStock)} of them out of stock` : ''}`
              : 'Allocations that need blanks now'
          }
        />
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        Stock is what is left of each allocation after the plates its shop has made; the thresholds are set in{' '}
        <Link to={paths.dashboard.admin.settings}>Settings</Link>.
      </Text>

      {distribution.length > 0 && (
        <Stack gap="3" as="section" aria-labelledby="distribution-heading">
          <Heading as="h2" size="md" id="distribution-heading">
            Plate Type Distribution
          </Heading>
          <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="3">
            {distribution.map((share) => (
              <Card.Root key={share.plateType} size="sm">
                <Card.Body gap="1">
                  <Text fontWeight="semibold">{share.plateType}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {count(share.allocations)} {share.allocations === 1 ? 'order' : 'orders'}
                  </Text>
                  <Text fontSize="sm">{count(share.totalPlates)} plates</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Stack>
      )}

      <Stack gap="3" as="section" aria-labelledby="allocations-heading">
        <Heading as="h2" size="md" id="allocations-heading">
          Allocations
        </Heading>
        <Flex gap="3" wrap="wrap">
          <SearchField
            label="Search inventory"
            placeholder="Search inventory..."
            minW="56"
            value={filter.search}
            onChange={(search) => update({ search })}
          />
          <FilterSelect
            label="Plate type"
            hideLabel
            allLabel="All Plate Types"
            options={INVENTORY_PLATE_TYPES}
            value={filter.plateType}
            onChange={(plateType) => update({ plateType })}
            w="full-48"
          />
          <FilterSelect
            label="Stock status"
            hideLabel
            allLabel="All Statuses"
            options={STOCK_STATUSES}
            value={filter.status}
            onChange={(status) => update({ status })}
            w="full-44"
          />
        </Flex>
        <RecordsTable
          labelledBy="allocations-heading"
          rows={shown}
          columns={COLUMNS}
          actions={(row) => (
            <HStack gap="1" justify="flex-end">
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={`Edit allocation ${allocationLabel(row.allocation)}`}
                onClick={() => setDialog({ kind: 'edit', id: row.id })}
              >
                <PencilIcon />
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={`Delete allocation ${allocationLabel(row.allocation)}`}
                onClick={() => setDialog({ kind: 'delete', row })}
              >
                <TrashIcon />
              </IconButton>
            </HStack>
          )}
          empty={{
            title: 'No inventory allocations found',
            hint: rows?.length
              ? 'Try adjusting your search or filter criteria'
              : 'Allocations you add appear here, even when you are offline.',
          }}
        />
        <Flex
          justify="space-between"
          wrap="wrap"
          gap="2"
          fontSize="sm"
          color="fg.muted"
          role="status"
          aria-live="polite"
        >
          <Text>
            Showing {shown?.length ?? 0} of {rows?.length ?? 0} allocations
          </Text>
          <Text>Total plates allocated: {count(stats?.totalAllocated ?? 0)}</Text>
        </Flex>
      </Stack>

      <Stack gap="3" as="section" aria-labelledby="blank-serials-heading">
        <Heading as="h2" size="md" id="blank-serials-heading">
          Blank Serials by Shop
        </Heading>
        {shopBlanks?.length === 0 && (
          <Text color="fg.muted">No delivery carries serials yet: give an allocation its first and last serial.</Text>
        )}
        {shopBlanks?.map((shop) => (
          <Stack key={shop.shopId} gap="2" as="section" aria-labelledby={`blank-serials-${shop.shopId}`}>
            <Heading as="h3" size="sm" id={`blank-serials-${shop.shopId}`}>
              {shop.shopName}
            </Heading>
            <BlankSerialsTable reconciliation={shop.reconciliation} labelledBy={`blank-serials-${shop.shopId}`} />
          </Stack>
        ))}
      </Stack>

      {dialog?.kind === 'add' && shops && <AllocationDialog allocation={null} shops={shops} onClose={close} />}
      {selected && dialog?.kind === 'edit' && shops && (
        <AllocationDialog
          key={selected.id}
          allocation={{ ...selected.allocation, syncState: selected.syncState }}
          shops={shops}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && <DeleteAllocationDialog row={dialog.row} onClose={close} />}
    </Stack>
  );
}
