/**
 * Vehicles & Fleet (/dashboard/user/vehicles): the owner's vehicles with the spec's columns
 * (Plate, Owner, Driver, Expiry, Compliance), searched and paged on the device so a fleet of
 * thousands stays quick; Add, Edit and Remove Vehicle, the drivers, and Import from CSV.
 * Everything reads the device's store, so it works offline as of the last sync, and every
 * change but the import goes through the one write path. A table from a tablet up; a card
 * per vehicle on a phone.
 */
import { COMPLIANCE_STATUSES, type FleetCompliance } from '#domain/fleet/compliance';
import { vehicleLabel } from '#domain/fleet/fleet-facts';
import {
  DEFAULT_FLEET_QUERY,
  FLEET_SORTS,
  type FleetQuery,
  type FleetSort,
  fleetPage,
  showingText,
} from '#domain/fleet/fleet-list';
import {
  Badge,
  Box,
  Button,
  DataList,
  Field,
  Flex,
  HStack,
  IconButton,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadingNote } from '../../components/loading-note';
import { FilterSelect, SearchField } from '../../components/filter-fields';
import { formatDay } from '../../components/format-date-time';
import { PencilIcon, PlusIcon, TrashIcon } from '../../components/icons';
import { OfflineAsOf } from '../../components/offline-as-of';
import { PageHeader, Section } from '../../components/page-parts';
import { useSession } from '../../session/use-session';
import type { LocalDriver, LocalVehicle } from '../../store/database';
import { useToday } from '../../components/use-today';
import { useStoreQuery } from '../../store/use-store-query';
import { useRejectedEntry } from '../../sync/use-rejected-entry';
import { ConfirmRemoveDialog } from './confirm-remove-dialog';
import { DriverDialog } from './driver-dialog';
import { DriversSection, SyncMark } from './drivers-section';
import { removeDriverMutation, removeVehicleMutation } from './fleet-changes';
import { type FleetData, readFleet, type VehicleRow } from './fleet-query';
import { ImportDialog } from './import-dialog';
import { VehicleDialog } from './vehicle-dialog';

type OpenDialog =
  | { kind: 'add-vehicle' | 'add-driver' | 'import' }
  | { kind: 'edit-vehicle'; vehicleId: string }
  | { kind: 'edit-driver'; driverId: string }
  // A removal keeps the row it removes: the list drops it at once, and a refusal must still be shown.
  | { kind: 'remove-vehicle'; vehicle: LocalVehicle }
  | { kind: 'remove-driver'; driver: LocalDriver }
  | null;

function ComplianceBadge({ compliance }: { compliance: FleetCompliance }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={compliance.status === 'Good' ? 'green' : 'orange'} variant="subtle">
        {compliance.status}
      </Badge>
      <Text fontSize="xs" color="fg.muted">
        {compliance.reason}
      </Text>
    </Stack>
  );
}

/** The plate never breaks across lines; the vehicle is named under it. */
function PlateCell({ row }: { row: VehicleRow }) {
  return (
    <Box minW="0">
      {row.vehicle.plateNumber === null ? (
        <Text color="fg.muted">No plate</Text>
      ) : (
        <Text fontFamily="mono" fontWeight="semibold" whiteSpace="nowrap">
          {row.vehicle.plateNumber}
        </Text>
      )}
      <Text fontSize="xs" color="fg.muted">
        {vehicleLabel(row.vehicle)}
      </Text>
      <SyncMark syncState={row.vehicle.syncState} />
    </Box>
  );
}

const driverText = (row: VehicleRow) => row.driver?.name ?? '—';
const expiryText = (row: VehicleRow) => (row.expiryDate ? formatDay(row.expiryDate) : '—');

function RowActions({ row, open }: { row: VehicleRow; open: (dialog: OpenDialog) => void }) {
  const name = `${vehicleLabel(row.vehicle)}${row.vehicle.plateNumber ? ` ${row.vehicle.plateNumber}` : ''}`;
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={`Edit ${name}`}
        onClick={() => open({ kind: 'edit-vehicle', vehicleId: row.id })}
      >
        <PencilIcon />
      </IconButton>
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="red"
        aria-label={`Remove ${name}`}
        onClick={() => open({ kind: 'remove-vehicle', vehicle: row.vehicle })}
      >
        <TrashIcon />
      </IconButton>
    </HStack>
  );
}

function VehicleList({ rows, open }: { rows: VehicleRow[]; open: (dialog: OpenDialog) => void }) {
  return (
    <>
      <Stack as="ul" gap="3" listStyleType="none" hideFrom="md" aria-labelledby="fleet-heading">
        {rows.map((row) => (
          <Box as="li" key={row.id} borderWidth="1px" rounded="lg" p="3" minW="0">
            <Flex justify="space-between" align="flex-start" gap="2">
              <PlateCell row={row} />
              <RowActions row={row} open={open} />
            </Flex>
            <DataList.Root orientation="horizontal" size="sm" mt="2" gap="1.5">
              {[
                ['Owner', row.ownerName],
                ['Driver', driverText(row)],
                ['Expiry', expiryText(row)],
              ].map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel minW="16">{label}</DataList.ItemLabel>
                  <DataList.ItemValue minW="0" overflowWrap="anywhere">
                    {value}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
              <DataList.Item>
                <DataList.ItemLabel minW="16">Compliance</DataList.ItemLabel>
                <DataList.ItemValue>
                  <ComplianceBadge compliance={row.compliance} />
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Box>
        ))}
      </Stack>
      <Table.ScrollArea
        borderWidth="1px"
        rounded="lg"
        hideBelow="md"
        tabIndex={0}
        role="region"
        aria-label="Vehicles (scrolls sideways)"
      >
        <Table.Root size="sm" aria-labelledby="fleet-heading">
          <Table.Header>
            <Table.Row>
              {['Plate', 'Owner', 'Driver', 'Expiry', 'Compliance'].map((header) => (
                <Table.ColumnHeader key={header} scope="col">
                  {header}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader scope="col" textAlign="end">
                Actions
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>
                  <PlateCell row={row} />
                </Table.Cell>
                <Table.Cell>{row.ownerName}</Table.Cell>
                <Table.Cell>{driverText(row)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{expiryText(row)}</Table.Cell>
                <Table.Cell>
                  <ComplianceBadge compliance={row.compliance} />
                </Table.Cell>
                <Table.Cell>
                  <RowActions row={row} open={open} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}

function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <HStack gap="2" as="nav" aria-label="Vehicle pages">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Text fontSize="sm" whiteSpace="nowrap">
        Page {page.toLocaleString('en-GB')} of {pageCount.toLocaleString('en-GB')}
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </HStack>
  );
}

function FleetSection({ data, open }: { data: FleetData; open: (dialog: OpenDialog) => void }) {
  const [query, setQuery] = useState<FleetQuery>(DEFAULT_FLEET_QUERY);
  // Typing stays ahead of the list: the search runs on the deferred text.
  const search = useDeferredValue(query.search);
  const shown = useMemo(() => fleetPage(data.rows, { ...query, search }), [data.rows, query, search]);
  // A new search, filter or sort starts at the first page.
  const update = (patch: Partial<Omit<FleetQuery, 'page'>>) =>
    setQuery((current) => ({ ...current, ...patch, page: 1 }));
  const isFiltered = query.search.trim() !== '' || query.compliance !== 'all';

  return (
    <Section title="Vehicles" headingId="fleet-heading">
      <Stack gap="4">
        <Flex gap="3" wrap="wrap" align="flex-end">
          <SearchField
            label="Search vehicles"
            placeholder="Search plate, vehicle, chassis or driver..."
            minW="56"
            maxLength={100}
            value={query.search}
            onChange={(value) => update({ search: value })}
          />
          <FilterSelect
            label="Compliance"
            hideLabel
            allLabel="All Compliance"
            options={COMPLIANCE_STATUSES}
            value={query.compliance}
            onChange={(compliance) => update({ compliance })}
            w="full-44"
          />
          <Field.Root w={{ base: 'full', sm: '52' }}>
            <Field.Label srOnly>Sort by</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={query.sort}
                onChange={(event) =>
                  update({
                    sort: (FLEET_SORTS.find((sort) => sort.id === event.currentTarget.value)?.id ??
                      'recent') satisfies FleetSort,
                  })
                }
              >
                {FLEET_SORTS.map((sort) => (
                  <option key={sort.id} value={sort.id}>
                    Sort: {sort.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Flex>
        {data.rows.length === 0 ? (
          <Box textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
            <Text fontWeight="medium">No vehicles yet</Text>
            <Text color="fg.muted" fontSize="sm" mt="1">
              Add your vehicles one by one, or import your fleet from a CSV file. A plate registered to you in a shop’s
              whitebook adds its vehicle here by itself.
            </Text>
            <HStack justify="center" gap="3" mt="4" wrap="wrap">
              <Button size="sm" colorPalette="brand" onClick={() => open({ kind: 'add-vehicle' })}>
                <PlusIcon /> Add Vehicle
              </Button>
              <Button size="sm" variant="outline" onClick={() => open({ kind: 'import' })}>
                Import from CSV
              </Button>
            </HStack>
          </Box>
        ) : shown.total === 0 ? (
          <Box textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
            <Text fontWeight="medium">No vehicles found</Text>
            <Text color="fg.muted" fontSize="sm" mt="1">
              Try adjusting your search or filter criteria
            </Text>
          </Box>
        ) : (
          <VehicleList rows={shown.rows} open={open} />
        )}
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite">
            {showingText(shown)}
            {isFiltered && data.rows.length !== shown.total
              ? ` (${data.rows.length.toLocaleString('en-GB')} in your fleet)`
              : ''}
          </Text>
          <Pager
            page={shown.page}
            pageCount={shown.pageCount}
            onPage={(page) => setQuery((current) => ({ ...current, page }))}
          />
        </Flex>
      </Stack>
    </Section>
  );
}

function removeDriverConsequence(driving: number): string {
  if (driving === 0) return 'They drive none of your vehicles. They are removed from your drivers on all your devices.';
  return `They are taken off the ${driving === 1 ? 'vehicle' : `${driving.toLocaleString('en-GB')} vehicles`} they drive, and removed from your drivers on all your devices.`;
}

export function VehiclesPage() {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  // Kept current across midnight, so compliance and expiry follow the day.
  const today = useToday();
  const accountName = user?.name ?? '';
  const data = useStoreQuery((db) => readFleet(db, today, accountName), [today, accountName]);
  const [searchParams, setSearchParams] = useSearchParams();
  // The Overview's quick action "Add Vehicle" opens this page with ?add=1.
  const [dialog, setDialog] = useState<OpenDialog>(() =>
    searchParams.get('add') === '1' ? { kind: 'add-vehicle' } : null,
  );
  const fixingVehicle = useRejectedEntry('saveVehicle');
  const fixingDriver = useRejectedEntry('saveDriver');

  const close = () => {
    setDialog(null);
    if (searchParams.has('add') || searchParams.has('fix')) {
      setSearchParams(
        (params) => {
          params.delete('add');
          params.delete('fix');
          return params;
        },
        { replace: true },
      );
    }
  };
  const vehicleOf = (vehicleId: string) => data?.rows.find((row) => row.id === vehicleId)?.vehicle;
  const driverOf = (driverId: string): LocalDriver | undefined =>
    data?.drivers.find((driver) => driver.id === driverId);

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="4"
        direction={{ base: 'column', sm: 'row' }}
      >
        <PageHeader
          title="Vehicles & Fleet"
          summary="Your vehicles, their plates and drivers, expiry dates and compliance."
        />
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="brand" onClick={() => setDialog({ kind: 'add-vehicle' })} disabled={!data}>
            <PlusIcon /> Add Vehicle
          </Button>
          <Button variant="outline" onClick={() => setDialog({ kind: 'import' })} disabled={!data}>
            Import from CSV
          </Button>
        </HStack>
      </Flex>
      <OfflineAsOf what="your fleet is shown" />
      {!data || !user ? (
        <LoadingNote space="page">Loading your fleet…</LoadingNote>
      ) : (
        <>
          <FleetSection data={data} open={setDialog} />
          <DriversSection
            drivers={data.drivers}
            vehiclesOfDriver={data.vehiclesOfDriver}
            onAdd={() => setDialog({ kind: 'add-driver' })}
            onEdit={(driver) => setDialog({ kind: 'edit-driver', driverId: driver.id })}
            onRemove={(driver) => setDialog({ kind: 'remove-driver', driver })}
          />
          <Dialogs
            dialog={dialog}
            data={data}
            ownerId={user.id}
            today={today}
            close={close}
            vehicleOf={vehicleOf}
            driverOf={driverOf}
          />
          {dialog === null && fixingVehicle && (
            <VehicleDialog
              key={fixingVehicle.id}
              vehicle={vehicleOf(fixingVehicle.rowId) ?? null}
              data={data}
              ownerId={user.id}
              today={today}
              fixing={fixingVehicle}
              onClose={close}
            />
          )}
          {dialog === null && !fixingVehicle && fixingDriver && (
            <DriverDialog
              key={fixingDriver.id}
              driver={driverOf(fixingDriver.rowId) ?? null}
              drivers={data.drivers}
              ownerId={user.id}
              fixing={fixingDriver}
              onClose={close}
            />
          )}
        </>
      )}
    </Stack>
  );
}

interface DialogsProps {
  dialog: OpenDialog;
  data: FleetData;
  ownerId: string;
  today: string;
  close: () => void;
  vehicleOf: (vehicleId: string) => VehicleRow['vehicle'] | undefined;
  driverOf: (driverId: string) => LocalDriver | undefined;
}

/** The open dialog, if its vehicle or driver is still there (sync may have removed it meanwhile). */
function Dialogs({ dialog, data, ownerId, today, close, vehicleOf, driverOf }: DialogsProps) {
  if (dialog === null) return null;
  switch (dialog.kind) {
    case 'add-vehicle':
      return <VehicleDialog vehicle={null} data={data} ownerId={ownerId} today={today} onClose={close} />;
    case 'import':
      return <ImportDialog data={data} today={today} onClose={close} />;
    case 'add-driver':
      return <DriverDialog driver={null} drivers={data.drivers} ownerId={ownerId} onClose={close} />;
    case 'edit-vehicle': {
      const vehicle = vehicleOf(dialog.vehicleId);
      return vehicle ? (
        <VehicleDialog key={vehicle.id} vehicle={vehicle} data={data} ownerId={ownerId} today={today} onClose={close} />
      ) : null;
    }
    case 'remove-vehicle': {
      const { vehicle } = dialog;
      return (
        <ConfirmRemoveDialog
          title="Remove Vehicle"
          what={`${vehicleLabel(vehicle)}${vehicle.plateNumber ? ` · ${vehicle.plateNumber}` : ''}`}
          consequence={`It is removed from your fleet on all your devices.${vehicle.plateNumber ? ` Plate ${vehicle.plateNumber} stays yours and can go on another vehicle.` : ''}`}
          confirmLabel="Remove Vehicle"
          mutation={removeVehicleMutation(vehicle)}
          doneTitle="Vehicle removed"
          onClose={close}
        />
      );
    }
    case 'edit-driver': {
      const driver = driverOf(dialog.driverId);
      return driver ? (
        <DriverDialog key={driver.id} driver={driver} drivers={data.drivers} ownerId={ownerId} onClose={close} />
      ) : null;
    }
    case 'remove-driver': {
      const { driver } = dialog;
      return (
        <ConfirmRemoveDialog
          title="Remove Driver"
          what={`${driver.name} · licence ${driver.licenceNumber}`}
          consequence={removeDriverConsequence(data.vehiclesOfDriver.get(driver.id) ?? 0)}
          confirmLabel="Remove Driver"
          mutation={removeDriverMutation(driver)}
          doneTitle={`${driver.name} was removed`}
          onClose={close}
        />
      );
    }
  }
}
