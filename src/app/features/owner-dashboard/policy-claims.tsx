/**
 * The claims made on a policy on the owner's plate (in the plate's View, under the policy):
 * each claim's state and its money, claimed, assessed, approved and paid (how, when and the
 * payment's reference). Read-only: the insurer takes a claim's steps; the owner is told of each.
 */
import type { OwnerClaimView } from '#domain/registry/cover';
import { formatKwacha } from '#domain/money/money';
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { DetailsList, type DetailRow } from '../../components/details-list';
import { formatDay } from '../../components/format-date-time';

const STATUS_PALETTE: Record<OwnerClaimView['status'], 'gray' | 'blue' | 'green' | 'red' | 'purple'> = {
  Submitted: 'gray',
  'Under Assessment': 'blue',
  Approved: 'purple',
  Rejected: 'red',
  Paid: 'green',
};

function amountRows(claim: OwnerClaimView): DetailRow[] {
  const rows: DetailRow[] = [
    ['Claimed', claim.claimedAmount !== null ? formatKwacha(claim.claimedAmount) : 'Not recorded yet'],
  ];
  if (claim.assessedAmount !== null) rows.push(['Assessed', formatKwacha(claim.assessedAmount)]);
  if (claim.approvedAmount !== null) rows.push(['Approved', formatKwacha(claim.approvedAmount)]);
  if (claim.paidAmount !== null)
    rows.push([
      'Paid',
      `${formatKwacha(claim.paidAmount)} by ${claim.paymentMethod ?? '—'} on ${claim.paidOn ? formatDay(claim.paidOn) : '—'} (reference ${claim.paymentReference ?? '—'})`,
    ]);
  return rows;
}

export function PolicyClaims({ policyNumber, claims }: { policyNumber: string; claims: readonly OwnerClaimView[] }) {
  if (claims.length === 0) return null;
  return (
    <Stack gap="2" mt="2" as="section" aria-label={`Claims on ${policyNumber}`}>
      <Text fontSize="sm" fontWeight="medium">
        Claims
      </Text>
      <Stack as="ul" gap="2" listStyleType="none">
        {claims.map((claim) => (
          <Box as="li" key={claim.claimNumber} borderWidth="1px" rounded="md" p="2" data-testid="policy-claim">
            <HStack gap="2" wrap="wrap">
              <Text fontFamily="mono" fontSize="sm" fontWeight="semibold">
                {claim.claimNumber}
              </Text>
              <Badge colorPalette={STATUS_PALETTE[claim.status]} variant="subtle">
                {claim.status}
              </Badge>
              <Text fontSize="xs" color="fg.muted">
                Incident on {formatDay(claim.incidentDate)}
              </Text>
            </HStack>
            <DetailsList rows={amountRows(claim)} />
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
