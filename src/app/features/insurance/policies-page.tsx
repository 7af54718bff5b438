/**
 * Policies (/dashboard/insurance-agent/policies): the agent's Third Party and Comprehensive
 * policies on registered plates, with their term, premium and status (Expired read from the
 * end date), searched by policy number, plate or customer, filtered by status and paged on
 * the device. Issue, Renew and Cancel need a connection; the list itself reads the device's
 * store, so it works offline as of the last sync.
 */
import { POLICY_STATUSES, type PolicyStatus, policyStatus } from '#domain/insurance/policy-terms';
import { Button, Flex, HStack, Stack } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { LoadingNote } from '../../components/loading-note';
import { FilterSelect, SearchField } from '../../components/filter-fields';
import { PlusIcon } from '../../components/icons';
import { OfflineAsOf } from '../../components/offline-as-of';
import { PageHeader, Section } from '../../components/page-parts';
import { RecordsTable } from '../../components/records-table';
import { useToday } from '../../components/use-today';
import type { LocalInsurancePolicy } from '../../store/database';
import { useStoreQuery } from '../../store/use-store-query';
import { Pager } from './insurance-parts';
import { policyColumns } from './policy-columns';
import { pageOf, readInsurance } from './insurance-query';
import { CancelPolicyDialog, IssuePolicyDialog, RenewPolicyDialog } from './policy-dialogs';

type OpenDialog = { kind: 'issue' } | { kind: 'renew' | 'cancel'; policy: LocalInsurancePolicy } | null;

function matches(policy: LocalInsurancePolicy, customerName: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  const compact = needle.replace(/[\s-]/g, '');
  return (
    policy.policyNumber.toLowerCase().includes(needle) ||
    policy.plateNumber.toLowerCase().replace(/-/g, '').includes(compact) ||
    customerName.toLowerCase().includes(needle)
  );
}

export function PoliciesPage() {
  const today = useToday();
  const data = useStoreQuery((db) => readInsurance(db), []);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PolicyStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);

  const matching = useMemo(
    () =>
      data?.policies.filter(
        (policy) =>
          (status === 'all' || policyStatus(policy, today) === status) &&
          matches(policy, data.customerById.get(policy.customerId)?.name ?? '', deferredSearch),
      ),
    [data, status, today, deferredSearch],
  );
  const shown = matching ? pageOf(matching, page) : undefined;
  const close = () => setDialog(null);

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="4"
        direction={{ base: 'column', sm: 'row' }}
      >
        <PageHeader title="Policies" summary="Insurance policies for registered plates." />
        <Button colorPalette="brand" onClick={() => setDialog({ kind: 'issue' })} disabled={!data}>
          <PlusIcon /> Issue Policy
        </Button>
      </Flex>
      <OfflineAsOf what="your policies are shown" />
      {!data || !matching || !shown ? (
        <LoadingNote space="page">Loading your policies…</LoadingNote>
      ) : (
        <Section title="Policies" headingId="policies-heading">
          <Stack gap="4">
            <HStack gap="3" wrap="wrap" align="flex-end">
              <SearchField
                label="Search policies"
                placeholder="Search by policy number, plate or customer"
                value={search}
                maxLength={100}
                onChange={(value) => {
                  setSearch(value);
                  setPage(1);
                }}
              />
              <FilterSelect
                label="Status"
                hideLabel
                allLabel="All statuses"
                options={POLICY_STATUSES}
                value={status}
                w="full-44"
                onChange={(value) => {
                  setStatus(value);
                  setPage(1);
                }}
              />
            </HStack>
            <RecordsTable
              labelledBy="policies-heading"
              rows={shown.items}
              columns={policyColumns(data, today)}
              actions={(policy) => {
                const current = policyStatus(policy, today);
                if (current === 'Cancelled') return null;
                return (
                  <HStack gap="1">
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setDialog({ kind: 'renew', policy })}
                      aria-label={`Renew ${policy.policyNumber}`}
                    >
                      Renew
                    </Button>
                    {current === 'Active' && (
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() => setDialog({ kind: 'cancel', policy })}
                        aria-label={`Cancel ${policy.policyNumber}`}
                      >
                        Cancel
                      </Button>
                    )}
                  </HStack>
                );
              }}
              empty={
                data.policies.length === 0
                  ? {
                      title: 'No policies yet',
                      hint:
                        data.customers.length === 0
                          ? 'Add a customer first, then issue their policy.'
                          : 'Issue a policy on a customer’s registered plate.',
                    }
                  : { title: 'No policies match', hint: 'Try another search or status.' }
              }
            />
            <Pager
              page={shown.page}
              pages={shown.pages}
              total={matching.length}
              noun={matching.length === 1 ? 'policy' : 'policies'}
              onPage={setPage}
            />
          </Stack>
        </Section>
      )}
      {data && dialog?.kind === 'issue' && (
        <IssuePolicyDialog customers={data.customers} today={today} onClose={close} />
      )}
      {dialog?.kind === 'renew' && (
        <RenewPolicyDialog
          policy={dialog.policy}
          holder={data?.customerById.get(dialog.policy.customerId)}
          today={today}
          onClose={close}
        />
      )}
      {dialog?.kind === 'cancel' && <CancelPolicyDialog policy={dialog.policy} onClose={close} />}
    </Stack>
  );
}
