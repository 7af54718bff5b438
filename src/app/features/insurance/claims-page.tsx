/**
 * Claims (/dashboard/insurance-agent/claims): the agent's claims on their policies, searched
 * (claim number, plate, place, holder), filtered by status and paged on the device. New and
 * Edit Claim work offline, photos included; the claim's next step needs a connection. The
 * totals of the claims shown (claimed, approved, paid) follow the search and filter, and
 * Export CSV downloads those claims with their amounts. The
 * device's storage is shown, with a warning before it runs out. Opening this page starts
 * the photo uploader, which keeps running for the rest of the visit.
 */
import { CLAIM_STATUSES, type ClaimStatus, claimMatches } from '#domain/insurance/claim-steps';
import { claimsCsv } from '#domain/insurance/claims-csv';
import { Button, Flex, HStack, Stack } from '@chakra-ui/react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadingNote } from '../../components/loading-note';
import { FilterSelect, SearchField } from '../../components/filter-fields';
import { PlusIcon } from '../../components/icons';
import { OfflineAsOf } from '../../components/offline-as-of';
import { PageHeader, Section } from '../../components/page-parts';
import { RecordsTable } from '../../components/records-table';
import { useToday } from '../../components/use-today';
import { useSession } from '../../session/use-session';
import { useStoreQuery } from '../../store/use-store-query';
import { useRejectedEntry } from '../../sync/use-rejected-entry';
import { ClaimDetailDialog } from './claim-detail-dialog';
import { ClaimDialog } from './claim-dialog';
import { ClaimTotalsCards } from './claim-money';
import { saveFile } from '../../plate-documents/plate-downloads';
import { claimColumns } from './claim-columns';
import { StorageNotice, useStorageEstimate } from './claim-parts';
import { startUploader } from './claim-photo-uploader';
import { readClaims } from './claim-query';
import { Pager } from './insurance-parts';
import { pageOf } from './insurance-query';

type OpenDialog = { kind: 'new' } | { kind: 'edit' | 'view'; claimId: string } | null;

export function ClaimsPage() {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const today = useToday();
  const data = useStoreQuery((db) => readClaims(db), []);
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ClaimStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const fixing = useRejectedEntry('saveClaim');
  const photoCount = data ? [...data.photoFiles.values()].reduce((sum, files) => sum + files.length, 0) : 0;
  const storage = useStorageEstimate(photoCount);

  useEffect(() => startUploader(), []);

  const matching = useMemo(
    () =>
      data?.claims.filter(
        (claim) =>
          (status === 'all' || claim.status === status) &&
          claimMatches(claim, data.customerById.get(claim.customerId)?.name ?? '', deferredSearch),
      ),
    [data, status, deferredSearch],
  );
  const shown = matching ? pageOf(matching, page) : undefined;
  const uploadedCount = data
    ? [...data.photoFiles.values()].flat().filter((file) => file.state === 'uploaded').length
    : 0;

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

  const current =
    dialog && dialog.kind !== 'new' ? data?.claims.find((claim) => claim.id === dialog.claimId) : undefined;
  const dialogProps =
    data && user
      ? { policies: data.policies, customerById: data.customerById, agentId: user.id, today, storage }
      : undefined;

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="4"
        direction={{ base: 'column', sm: 'row' }}
      >
        <PageHeader title="Claims" summary="Claims on your policies, with their photos." />
        <Button colorPalette="brand" onClick={() => setDialog({ kind: 'new' })} disabled={!data || !user}>
          <PlusIcon /> New Claim
        </Button>
      </Flex>
      <OfflineAsOf what="your claims are shown" />
      {data && <StorageNotice estimate={storage} waiting={data.waitingPhotos} uploadedCount={uploadedCount} />}
      {!data || !matching || !shown ? (
        <LoadingNote space="page">Loading your claims…</LoadingNote>
      ) : (
        <Section title="Claims" headingId="claims-heading">
          <Stack gap="4">
            <HStack gap="3" wrap="wrap" align="flex-end">
              <SearchField
                label="Search claims"
                placeholder="Search by claim number, plate, place or holder"
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
                options={CLAIM_STATUSES}
                value={status}
                w="full-48"
                onChange={(value) => {
                  setStatus(value);
                  setPage(1);
                }}
              />
              <Button
                variant="outline"
                disabled={matching.length === 0}
                onClick={() =>
                  saveFile(
                    new TextEncoder().encode(
                      claimsCsv(
                        matching.map((claim) => ({
                          ...claim,
                          holder: data.customerById.get(claim.customerId)?.name ?? '',
                        })),
                        today,
                      ),
                    ),
                    'text/csv;charset=utf-8',
                    `nambala-claims-${today}.csv`,
                  )
                }
              >
                Export CSV
              </Button>
            </HStack>
            <ClaimTotalsCards claims={matching} label="Totals of the claims shown" />
            <RecordsTable
              labelledBy="claims-heading"
              rows={shown.items}
              columns={claimColumns(data)}
              onOpen={(claim) => setDialog({ kind: 'view', claimId: claim.id })}
              actions={(claim) => (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={(event) => {
                    event.stopPropagation();
                    setDialog({ kind: 'view', claimId: claim.id });
                  }}
                  aria-label={`Open claim ${claim.claimNumber || 'not yet numbered'}`}
                >
                  Open
                </Button>
              )}
              empty={
                data.claims.length === 0
                  ? {
                      title: 'No claims yet',
                      hint:
                        data.policies.length === 0
                          ? 'Issue a policy first; claims are made on policies.'
                          : 'Record a claim at the scene, even with no signal.',
                    }
                  : { title: 'No claims match', hint: 'Try another search or status.' }
              }
            />
            <Pager
              page={shown.page}
              pages={shown.pages}
              total={matching.length}
              noun={matching.length === 1 ? 'claim' : 'claims'}
              onPage={setPage}
            />
          </Stack>
        </Section>
      )}
      {dialogProps && dialog?.kind === 'new' && <ClaimDialog claim={null} {...dialogProps} onClose={close} />}
      {dialogProps && data && dialog?.kind === 'edit' && current && (
        <ClaimDialog key={current.id} claim={current} {...dialogProps} onClose={close} />
      )}
      {data && dialog?.kind === 'view' && current && (
        <ClaimDetailDialog
          claim={current}
          policy={data.policies.find((policy) => policy.id === current.policyId)}
          holder={data.customerById.get(current.customerId)}
          photoFiles={data.photoFiles.get(current.id) ?? []}
          onEdit={() => setDialog({ kind: 'edit', claimId: current.id })}
          onClose={close}
        />
      )}
      {dialogProps && data && dialog === null && fixing && (
        <ClaimDialog
          key={fixing.id}
          claim={data.claims.find((claim) => claim.id === fixing.rowId) ?? null}
          fixing={fixing}
          {...dialogProps}
          onClose={close}
        />
      )}
    </Stack>
  );
}
