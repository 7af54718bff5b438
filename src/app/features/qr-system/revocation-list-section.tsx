/** 'Revocation list': how many plates are revoked or stolen, and a search through them (the list every device carries). */
import { ScrollingTable } from '../../components/scrolling-table';
import { Box, Button, Flex, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LoadingNote } from '../../components/loading-note';
import { formatDateTime } from '../../components/format-date-time';
import { SearchField } from '../../components/filter-fields';
import { StandingBadge } from './qr-badges';
import { Section } from '../../components/page-parts';
import { useIncrementalList } from '../../components/use-incremental-list';
import { countRevocations, REVOCATIONS_PAGE, searchRevocations } from './revocation-search';
import { useRevocations } from './use-trust-data';

export function RevocationListSection() {
  const revocations = useRevocations();
  const [search, setSearch] = useState('');
  const counts = useMemo(() => countRevocations(revocations ?? []), [revocations]);
  const matches = useMemo(() => searchRevocations(revocations ?? [], search), [revocations, search]);
  // Drawn a page at a time to the end, never cut: a national list runs to thousands.
  const { visible: shown, remaining, showMore, sentinel } = useIncrementalList(matches, REVOCATIONS_PAGE, search);

  return (
    <Section title="Revocation list" headingId="revocation-list-heading">
      {revocations === undefined ? (
        <LoadingNote space="line">Loading the revocation list…</LoadingNote>
      ) : (
        <Stack gap="4">
          <SimpleGrid columns={2} gap="3">
            <Stat.Root borderWidth="1px" rounded="lg" p="3">
              <Stat.Label>Revoked</Stat.Label>
              <Stat.ValueText>{counts.revoked}</Stat.ValueText>
            </Stat.Root>
            <Stat.Root borderWidth="1px" rounded="lg" p="3">
              <Stat.Label>Stolen</Stat.Label>
              <Stat.ValueText>{counts.stolen}</Stat.ValueText>
            </Stat.Root>
          </SimpleGrid>

          <SearchField
            label="Search revoked and stolen plates"
            placeholder="Search by plate number..."
            value={search}
            onChange={setSearch}
            minW="full"
          />

          {shown.length === 0 ? (
            <Box textAlign="center" py="6" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
              <Text fontWeight="medium">
                {revocations.length === 0 ? 'No revoked or stolen plates' : 'No plates match your search'}
              </Text>
              <Text color="fg.muted" fontSize="sm" mt="1">
                {revocations.length === 0
                  ? 'Plates revoked or reported stolen appear here once this device has synced.'
                  : 'Try part of the plate number, such as 001.'}
              </Text>
            </Box>
          ) : (
            <ScrollingTable>
              <Table.Root size="sm" aria-labelledby="revocation-list-heading">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader scope="col">Plate</Table.ColumnHeader>
                    <Table.ColumnHeader scope="col">Status</Table.ColumnHeader>
                    <Table.ColumnHeader scope="col">Since</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {shown.map((revocation) => (
                    <Table.Row key={revocation.plateNumber}>
                      <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                        {revocation.plateNumber}
                      </Table.Cell>
                      <Table.Cell>
                        <StandingBadge standing={revocation.status} />
                      </Table.Cell>
                      <Table.Cell fontSize="sm">
                        <time dateTime={revocation.at}>{formatDateTime(revocation.at)}</time>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </ScrollingTable>
          )}

          {remaining > 0 && (
            <Flex justify="center" ref={sentinel}>
              <Button variant="outline" size="sm" onClick={showMore}>
                Show more ({remaining} more)
              </Button>
            </Flex>
          )}

          <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite">
            Showing {shown.length} of {matches.length}
            {search.trim() === '' ? '' : ' matching plates'}
          </Text>
        </Stack>
      )}
    </Section>
  );
}
