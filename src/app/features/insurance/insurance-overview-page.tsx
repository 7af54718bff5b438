/**
 * Insurance Dashboard (/dashboard/insurance-agent/dashboard): Active Policies, Expiring in 30
 * Days, Customers, Open Claims and Claims Paid This Month, and the claims' money (claimed,
 * approved, paid, approved but not yet paid), computed from the agent's own
 * policies, customers and claims on this device, and the latest policies and claims.
 */
import { EXPIRING_SOON_DAYS } from '#domain/insurance/policy-terms';
import { claimsOverview, insuranceOverview } from '#domain/insurance/overview';
import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { OfflineAsOf } from '../../components/offline-as-of';
import { StatCard } from '../../components/stat-card';
import { PageHeader, Section } from '../../components/page-parts';
import { RecordsTable } from '../../components/records-table';
import { useToday } from '../../components/use-today';
import { useStoreQuery } from '../../store/use-store-query';
import { claimColumns } from './claim-columns';
import { ClaimTotalsCards } from './claim-money';
import { readClaims } from './claim-query';
import { policyColumns } from './policy-columns';

export function InsuranceOverviewPage() {
  const today = useToday();
  const data = useStoreQuery((db) => readClaims(db), []);
  const overview = data ? insuranceOverview(data.policies, data.customers.length, today) : undefined;
  const claims = data ? claimsOverview(data.claims, today) : undefined;

  return (
    <Stack gap="6">
      <PageHeader title="Insurance Dashboard" summary="Policies and claims tied to registered plates." />
      <OfflineAsOf what="your figures are shown" />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
        <StatCard
          label="Active Policies"
          value={overview?.activePolicies}
          help="Covering a plate now or from a later start"
        />
        <StatCard
          label={`Expiring in ${EXPIRING_SOON_DAYS} Days`}
          value={overview?.expiringSoon}
          help="Active policies to renew soon"
        />
        <StatCard label="Customers" value={overview?.customers} help="Policy holders in your list" />
        <StatCard label="Open Claims" value={claims?.openClaims} help="Submitted, under assessment or approved" />
        <StatCard label="Claims Paid This Month" value={claims?.paidThisMonth} help="Marked paid since the 1st" />
      </SimpleGrid>
      <ClaimTotalsCards claims={data?.claims} label="Claim totals" />
      <Section
        title="Latest Policies"
        headingId="latest-policies-heading"
        aside={
          <HStack gap="2">
            <Button asChild size="sm" variant="outline">
              <Link to={paths.dashboard.insuranceAgent.policies}>All policies</Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={paths.dashboard.insuranceAgent.customers}>Customers</Link>
            </Button>
          </HStack>
        }
      >
        <RecordsTable
          labelledBy="latest-policies-heading"
          rows={data && overview ? overview.latest : undefined}
          columns={data ? policyColumns(data, today) : []}
          empty={{ title: 'No policies yet', hint: 'Policies you issue appear here.' }}
        />
      </Section>
      <Section
        title="Latest Claims"
        headingId="latest-claims-heading"
        aside={
          <Button asChild size="sm" variant="outline">
            <Link to={paths.dashboard.insuranceAgent.claims}>All claims</Link>
          </Button>
        }
      >
        <RecordsTable
          labelledBy="latest-claims-heading"
          rows={data && claims ? claims.latest : undefined}
          columns={data ? claimColumns(data) : []}
          empty={{ title: 'No claims yet', hint: 'Claims you record appear here.' }}
        />
      </Section>
    </Stack>
  );
}
