/**
 * The policy columns of the Policies page and the overview's latest policies: a module of their
 * own, so that the overview does not load the Policies page (its dialogs).
 */
import { policyStatus } from '#domain/insurance/policy-terms';
import { formatKwacha } from '#domain/money/money';
import { Stack, Text } from '@chakra-ui/react';
import { formatDay } from '../../components/format-date-time';
import type { Column } from '../../components/records-table';
import type { LocalInsurancePolicy } from '../../store/database';
import { PolicyStatusBadge } from './insurance-parts';
import type { InsuranceData } from './insurance-query';

/** The policy columns, shared with the overview's latest policies. */
export function policyColumns(data: InsuranceData, today: string): Column<LocalInsurancePolicy>[] {
  return [
    {
      header: 'Policy',
      cell: (policy) => (
        <Stack gap="0">
          <Text fontFamily="mono" fontWeight="medium">
            {policy.policyNumber}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {policy.type}
          </Text>
        </Stack>
      ),
      nowrap: true,
    },
    { header: 'Customer', cell: (policy) => data.customerById.get(policy.customerId)?.name ?? '—' },
    { header: 'Plate', cell: (policy) => <Text fontFamily="mono">{policy.plateNumber}</Text>, nowrap: true },
    { header: 'Term', cell: (policy) => `${formatDay(policy.startDate)} – ${formatDay(policy.endDate)}` },
    { header: 'Premium', cell: (policy) => formatKwacha(policy.premium), nowrap: true },
    { header: 'Status', cell: (policy) => <PolicyStatusBadge status={policyStatus(policy, today)} /> },
  ];
}
