/**
 * The claim columns of the Claims page and the overview's latest claims: a module of their own,
 * so that the overview does not load the Claims page (its dialogs, camera and uploader).
 */
import { formatKwacha } from '#domain/money/money';
import { Stack, Text } from '@chakra-ui/react';
import { formatDay } from '../../components/format-date-time';
import type { Column } from '../../components/records-table';
import type { LocalInsuranceClaim } from '../../store/database';
import { ClaimStatusBadge } from './claim-parts';
import type { ClaimsData } from './claim-query';

/** The claim columns, shared with the overview's latest claims. */
export function claimColumns(data: ClaimsData): Column<LocalInsuranceClaim>[] {
  return [
    {
      header: 'Claim',
      cell: (claim) => (
        <Text fontFamily="mono" fontWeight="medium">
          {claim.claimNumber || 'Not yet numbered'}
        </Text>
      ),
      nowrap: true,
    },
    { header: 'Policy Holder', cell: (claim) => data.customerById.get(claim.customerId)?.name ?? '—' },
    { header: 'Plate', cell: (claim) => <Text fontFamily="mono">{claim.plateNumber}</Text>, nowrap: true },
    {
      header: 'Incident',
      cell: (claim) => (
        <Stack gap="0">
          <Text>{formatDay(claim.incidentDate)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {claim.incidentPlace}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Photos',
      cell: (claim) => {
        const waiting = (data.photoFiles.get(claim.id) ?? []).filter((file) => file.state === 'waiting').length;
        const total = new Set([
          ...claim.photos.map((photo) => photo.sha256),
          ...(data.photoFiles.get(claim.id) ?? []).map((file) => file.sha256),
        ]).size;
        return waiting > 0 ? `${total} (${waiting} waiting to upload)` : String(total);
      },
    },
    {
      header: 'Amount',
      cell: (claim) => {
        // The latest figure the claim has reached: paid, approved, assessed, or what was claimed.
        const [label, amount] =
          claim.paidAmount != null
            ? ['Paid', claim.paidAmount]
            : claim.approvedAmount != null
              ? ['Approved', claim.approvedAmount]
              : claim.assessedAmount != null
                ? ['Assessed', claim.assessedAmount]
                : ['Claimed', claim.claimedAmount ?? null];
        return amount === null ? (
          '—'
        ) : (
          <Stack gap="0">
            <Text>{formatKwacha(amount)}</Text>
            <Text fontSize="xs" color="fg.muted">
              {label}
            </Text>
          </Stack>
        );
      },
      nowrap: true,
    },
    { header: 'Status', cell: (claim) => <ClaimStatusBadge status={claim.status} /> },
  ];
}
