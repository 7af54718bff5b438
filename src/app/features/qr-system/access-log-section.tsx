/**
 * 'Personal Data Access Log': every look at an owner's name or insurance (an officer's online
 * check, an administrator's registry record view), newest first, filtered by officer and by
 * plate, with the filtered log as a CSV file, and the daily number of lookups past which an
 * officer raises an integrity alert. Online only: the log is never kept on the device.
 */
import {
  ACCESS_LOG_RETENTION_YEARS,
  type AccessLogEntry,
  LOOKUP_THRESHOLD_MAX,
  READER_ROLE_LABELS,
} from '#domain/privacy/personal-data-access';
import { Alert, Box, Button, DataList, Field, Flex, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent, Fragment, type ReactNode, useEffect, useState } from 'react';
import { LoadingNote } from '../../components/loading-note';
import { Section } from '../../components/page-parts';
import { showToast } from '../../components/toast';
import { useOnlineStatus } from '../../components/use-online-status';
import {
  ACCESS_LOG_NEEDS_CONNECTION,
  ACCESS_LOG_SHOWN_OFFLINE,
  type AccessLogQuery,
  accessLogCsvUrl,
  fetchLookupThreshold,
  saveLookupThreshold,
} from './access-log-api';
import { useAccessLog, useReaders } from './use-access-log';

const HEADING_ID = 'access-log-heading';
const count = new Intl.NumberFormat('en-GB');

// To the second: an officer's lookups can come several a minute. Made on first use (format-date-time.ts says why).
let secondsFormat: Intl.DateTimeFormat | undefined;
const formatToSecond = (iso: string) =>
  (secondsFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })).format(new Date(iso));

/** 'GET /api/verification/:plateNumber', free to wrap after each slash on a narrow screen. */
function RouteText({ route }: { route: string }) {
  const parts = route.split('/');
  return (
    <Box as="span" fontFamily="mono" fontSize="xs">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </Box>
  );
}

const COLUMNS: ReadonlyArray<{ header: string; cell: (entry: AccessLogEntry) => ReactNode; nowrap?: boolean }> = [
  { header: 'Time', cell: (entry) => <time dateTime={entry.at}>{formatToSecond(entry.at)}</time>, nowrap: true },
  {
    header: 'Officer',
    cell: (entry) => (
      <>
        {entry.officerName}
        {entry.officerRole === 'admin' && (
          <Text as="span" color="fg.muted">
            {' '}
            ({READER_ROLE_LABELS.admin.toLowerCase()})
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'Plate',
    cell: (entry) => (
      <Box as="span" fontFamily="mono" whiteSpace="nowrap">
        {entry.plateNumber}
      </Box>
    ),
    nowrap: true,
  },
  { header: 'Purpose', cell: (entry) => entry.purpose },
  { header: 'Route', cell: (entry) => <RouteText route={entry.route} /> },
];

/** The rows as a table from a tablet up; on a phone each row is a card with the same labels. */
function AccessLogRows({ entries }: { entries: readonly AccessLogEntry[] }) {
  const [first, ...rest] = COLUMNS;
  return (
    <>
      <Stack as="ul" gap="3" listStyleType="none" hideFrom="md" aria-labelledby={HEADING_ID}>
        {entries.map((entry) => (
          <Box as="li" key={entry.id} borderWidth="1px" rounded="lg" p="3" minW="0">
            {first && <Box fontWeight="semibold">{first.cell(entry)}</Box>}
            <DataList.Root orientation="horizontal" size="sm" mt="2" gap="1.5">
              {rest.map((column) => (
                <DataList.Item key={column.header}>
                  <DataList.ItemLabel minW="20">{column.header}</DataList.ItemLabel>
                  <DataList.ItemValue minW="0" overflowWrap="break-word">
                    {column.cell(entry)}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Box>
        ))}
      </Stack>
      <Table.ScrollArea borderWidth="1px" rounded="lg" hideBelow="md" tabIndex={0} aria-labelledby={HEADING_ID}>
        <Table.Root size="sm" aria-labelledby={HEADING_ID}>
          <Table.Header>
            <Table.Row>
              {COLUMNS.map((column) => (
                <Table.ColumnHeader key={column.header} scope="col">
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((entry) => (
              <Table.Row key={entry.id}>
                {COLUMNS.map((column) => (
                  <Table.Cell key={column.header} whiteSpace={column.nowrap ? 'nowrap' : undefined}>
                    {column.cell(entry)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}

/** 'Alert after N lookups a day': read and saved on the server; offline it is shown disabled. */
function LookupThresholdForm({ isOnline }: { isOnline: boolean }) {
  const [saved, setSaved] = useState<number | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    if (!isOnline) return;
    const controller = new AbortController();
    fetchLookupThreshold(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted || !answer.ok) return;
        setSaved(answer.value.dailyLookups);
        setValue((typed) => (typed === '' ? String(answer.value.dailyLookups) : typed));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [isOnline]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (isSaving) return;
    const dailyLookups = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (!Number.isInteger(dailyLookups) || dailyLookups < 1 || dailyLookups > LOOKUP_THRESHOLD_MAX) {
      setError(`Enter a whole number from 1 to ${count.format(LOOKUP_THRESHOLD_MAX)}`);
      return;
    }
    setSaving(true);
    try {
      const answer = await saveLookupThreshold({ dailyLookups });
      if (!answer.ok) {
        setError(answer.message);
        return;
      }
      setError(undefined);
      setSaved(answer.value.dailyLookups);
      setValue(String(answer.value.dailyLookups));
      showToast({
        type: 'success',
        title: `An officer who looks up more than ${count.format(answer.value.dailyLookups)} owners in a day now raises an integrity alert`,
      });
    } finally {
      setSaving(false);
    }
  }

  const isChanged = saved !== null && value.trim() !== String(saved);
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Field.Root invalid={Boolean(error)} disabled={!isOnline || saved === null}>
        <Field.Label>Owner lookups per officer per day before an integrity alert</Field.Label>
        <Flex gap="3" w="full" direction={{ base: 'column', sm: 'row' }}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={value}
            maxW={{ sm: '32' }}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Button type="submit" variant="outline" loading={isSaving} disabled={!isOnline || !isChanged} flexShrink={0}>
            Save threshold
          </Button>
        </Flex>
        <Field.HelperText>
          Counted per calendar day in Lusaka. The alert is raised once a day per officer and told to every
          administrator.
        </Field.HelperText>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </form>
  );
}

/** A text field's value, followed after the person stops typing for a moment. */
function useSettled(value: string, delayMs = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function ExportButton({ query, isOnline }: { query: AccessLogQuery; isOnline: boolean }) {
  if (!isOnline) {
    return (
      <Button variant="outline" size="sm" disabled whiteSpace="normal" h="auto" minH="8" py="1.5" maxW="full">
        Export CSV (needs a connection)
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <a
        href={accessLogCsvUrl(query)}
        download
        onClick={() =>
          showToast({
            type: 'info',
            title: 'The access log is downloading',
            description: 'Your browser saves the CSV file as the server sends it.',
          })
        }
      >
        Export CSV
      </a>
    </Button>
  );
}

export function AccessLogSection() {
  const isOnline = useOnlineStatus();
  const readers = useReaders();
  const [officerId, setOfficerId] = useState('');
  const [plateInput, setPlateInput] = useState('');
  const plateNumber = useSettled(plateInput.trim().toUpperCase());
  const query: AccessLogQuery = { officerId, plateNumber };
  const log = useAccessLog(query);
  const entries = log.page?.entries ?? [];

  return (
    <Section
      title="Personal Data Access Log"
      headingId={HEADING_ID}
      aside={<ExportButton query={query} isOnline={isOnline} />}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          Every time an owner’s name or insurance was shown: officers’ online checks and administrators’ registry record
          views, one row per look. Kept for {ACCESS_LOG_RETENTION_YEARS} years.
        </Text>

        <Flex gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }}>
          <Field.Root w={{ base: 'full', sm: '64' }}>
            <Field.Label>Officer</Field.Label>
            <NativeSelect.Root disabled={!isOnline}>
              <NativeSelect.Field value={officerId} onChange={(event) => setOfficerId(event.currentTarget.value)}>
                <option value="">All officers</option>
                {readers.map((reader) => (
                  <option key={reader.id} value={reader.id}>
                    {reader.role === 'admin'
                      ? `${reader.name} (${READER_ROLE_LABELS.admin.toLowerCase()})`
                      : reader.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root w={{ base: 'full', sm: '48' }}>
            <Field.Label>Plate</Field.Label>
            <Input
              type="search"
              value={plateInput}
              disabled={!isOnline}
              maxLength={10}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              fontFamily="mono"
              placeholder="ZM-123-ABC"
              onChange={(event) => setPlateInput(event.currentTarget.value.toUpperCase())}
            />
          </Field.Root>
        </Flex>

        {!isOnline ? (
          <Alert.Root status="info" data-testid="access-log-offline">
            <Alert.Indicator />
            <Alert.Description>{log.page ? ACCESS_LOG_SHOWN_OFFLINE : ACCESS_LOG_NEEDS_CONNECTION}</Alert.Description>
          </Alert.Root>
        ) : log.failure ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Description>{log.failure}</Alert.Description>
          </Alert.Root>
        ) : null}

        {log.isLoading ? (
          <LoadingNote space="line">Loading the access log…</LoadingNote>
        ) : log.page && entries.length === 0 ? (
          <Box textAlign="center" py="6" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
            <Text fontWeight="medium">
              {officerId || plateNumber ? 'No lookups match these filters' : 'No lookups yet'}
            </Text>
            <Text color="fg.muted" fontSize="sm" mt="1">
              Officers’ online checks and registry record views appear here as they are made.
            </Text>
          </Box>
        ) : (
          entries.length > 0 && <AccessLogRows entries={entries} />
        )}

        {log.page && (
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite">
              Showing {count.format(entries.length)} of {count.format(log.page.total)}{' '}
              {log.page.total === 1 ? 'lookup' : 'lookups'}
            </Text>
            <Flex gap="2">
              {log.page.nextCursor && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={log.loadMore}
                  loading={log.isLoadingMore}
                  disabled={!isOnline}
                >
                  Show more
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={log.refresh} disabled={!isOnline}>
                Refresh
              </Button>
            </Flex>
          </Flex>
        )}

        <Box borderTopWidth="1px" pt="4">
          <LookupThresholdForm isOnline={isOnline} />
        </Box>
      </Stack>
    </Section>
  );
}
