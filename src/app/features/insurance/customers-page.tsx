/**
 * Customers (/dashboard/insurance-agent/customers): the agent's policy holders with their
 * contact details, the vehicles the registry holds in their name, and their policies;
 * searched (name, NRC, phone, email, plate) and paged on the device. Add and Edit Customer
 * work offline through the one write path; the list reads the device's store, so it works
 * offline as of the last sync.
 */
import { formatPhone } from '#domain/validation/identity-checks';
import { customerMatches } from '#domain/insurance/customer-records';
import { policyStatus } from '#domain/insurance/policy-terms';
import { Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadingNote } from '../../components/loading-note';
import { SearchField } from '../../components/filter-fields';
import { PencilIcon, PlusIcon } from '../../components/icons';
import { OfflineAsOf } from '../../components/offline-as-of';
import { PageHeader, Section } from '../../components/page-parts';
import { type Column, RecordsTable } from '../../components/records-table';
import { useToday } from '../../components/use-today';
import { useSession } from '../../session/use-session';
import type { LocalInsuranceCustomer } from '../../store/database';
import { useStoreQuery } from '../../store/use-store-query';
import { useRejectedEntry } from '../../sync/use-rejected-entry';
import { CustomerDialog } from './customer-dialog';
import { Pager, vehicleText } from './insurance-parts';
import { pageOf, readInsurance } from './insurance-query';

type OpenDialog = { kind: 'add' } | { kind: 'edit'; customerId: string } | null;

export function CustomersPage() {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const today = useToday();
  const data = useStoreQuery((db) => readInsurance(db), []);
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const fixing = useRejectedEntry('saveCustomer');

  const activePolicies = useMemo(() => {
    const counts = new Map<string, number>();
    for (const policy of data?.policies ?? [])
      if (policyStatus(policy, today) === 'Active')
        counts.set(policy.customerId, (counts.get(policy.customerId) ?? 0) + 1);
    return counts;
  }, [data, today]);
  const matching = useMemo(
    () => (data ? data.customers.filter((customer) => customerMatches(customer, deferredSearch)) : undefined),
    [data, deferredSearch],
  );
  const shown = matching ? pageOf(matching, page) : undefined;

  const close = () => {
    setDialog(null);
    if (searchParams.has('fix')) {
      setSearchParams(
        (params) => {
          params.delete('fix');
          return params;
        },
        { replace: true },
      );
    }
  };

  const columns: Column<LocalInsuranceCustomer>[] = [
    {
      header: 'Customer',
      cell: (customer) => (
        <Stack gap="0">
          <Text fontWeight="medium">{customer.name}</Text>
          <Text fontSize="xs" color="fg.muted" fontFamily="mono">
            NRC {customer.nrc}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Contact',
      cell: (customer) => (
        <Stack gap="0">
          <Text>{formatPhone(customer.phone)}</Text>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {customer.email}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Vehicles',
      cell: (customer) =>
        customer.vehicles.length === 0 ? (
          <Text color="fg.muted">None registered</Text>
        ) : (
          <Stack gap="0.5">
            {customer.vehicles.map((vehicle) => (
              <Text key={vehicle.plateNumber} fontSize="sm">
                {vehicleText(vehicle)}
              </Text>
            ))}
          </Stack>
        ),
    },
    { header: 'Active Policies', cell: (customer) => String(activePolicies.get(customer.id) ?? 0), nowrap: true },
  ];

  const editing = dialog?.kind === 'edit' ? (data?.customerById.get(dialog.customerId) ?? null) : null;

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="4"
        direction={{ base: 'column', sm: 'row' }}
      >
        <PageHeader title="Customers" summary="Policy holders and their vehicles." />
        <Button colorPalette="brand" onClick={() => setDialog({ kind: 'add' })} disabled={!data || !user}>
          <PlusIcon /> Add Customer
        </Button>
      </Flex>
      <OfflineAsOf what="your customers are shown" />
      {!data || !user || !shown || !matching ? (
        <LoadingNote space="page">Loading your customers…</LoadingNote>
      ) : (
        <Section title="Policy holders" headingId="customers-heading">
          <Stack gap="4">
            <HStack>
              <SearchField
                label="Search customers"
                placeholder="Search by name, NRC, phone, email or plate"
                value={search}
                maxLength={100}
                onChange={(value) => {
                  setSearch(value);
                  setPage(1);
                }}
              />
            </HStack>
            <RecordsTable
              labelledBy="customers-heading"
              rows={shown.items}
              columns={columns}
              actions={(customer) => (
                <IconButton
                  aria-label={`Edit ${customer.name}`}
                  variant="ghost"
                  size="sm"
                  onClick={() => setDialog({ kind: 'edit', customerId: customer.id })}
                >
                  <PencilIcon />
                </IconButton>
              )}
              empty={
                data.customers.length === 0
                  ? { title: 'No customers yet', hint: 'Add a customer to issue their first policy.' }
                  : { title: 'No customers match your search', hint: 'Try a name, NRC, phone number or plate.' }
              }
            />
            <Pager
              page={shown.page}
              pages={shown.pages}
              total={matching.length}
              noun={matching.length === 1 ? 'customer' : 'customers'}
              onPage={setPage}
            />
          </Stack>
        </Section>
      )}
      {user && data && dialog !== null && (
        <CustomerDialog customer={editing} customers={data.customers} agentId={user.id} onClose={close} />
      )}
      {user && data && dialog === null && fixing && (
        <CustomerDialog
          key={fixing.id}
          customer={data.customerById.get(fixing.rowId) ?? null}
          customers={data.customers}
          agentId={user.id}
          fixing={fixing}
          onClose={close}
        />
      )}
    </Stack>
  );
}
