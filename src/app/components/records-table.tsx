/**
 * The app's record tables, one way: column headers and rows from a tablet up; on a
 * phone each row is a card with the same labels, so nothing scrolls sideways at
 * 360 px. A record's row shows its sync state when it is not synced (saved on this device,
 * or refused); a table of figures worked out from records (a reconciliation) has none of its
 * own and shows none.
 */
import { Box, DataList, Flex, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { SyncState } from '../store/database';
import { SyncStateBadge } from './sync-state-badge';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Keep the cell on one line in the table (codes, dates). */
  nowrap?: boolean;
}

interface RecordsTableProps<Row> {
  /** Id of the section heading that names the table. */
  labelledBy: string;
  /** `undefined` while the store is read. */
  rows: readonly Row[] | undefined;
  columns: readonly Column<Row>[];
  /** The Actions column (icon buttons), if any. */
  actions?: (row: Row) => ReactNode;
  /** Opens the row (mouse convenience; a button in a cell must offer the same for the keyboard). */
  onOpen?: (row: Row) => void;
  empty: { title: string; hint: string };
  /** False for rows worked out from records rather than records themselves. */
  hasSyncState?: boolean;
}

export function RecordsTable<Row extends { id: string; syncState?: SyncState }>({
  labelledBy,
  rows,
  columns,
  actions,
  onOpen,
  empty,
  hasSyncState = true,
}: RecordsTableProps<Row>) {
  if (rows === undefined) {
    return (
      <Flex justify="center" align="center" gap="3" py="10" role="status">
        <Spinner color="brand.600" />
        <Text color="fg.muted">Loading…</Text>
      </Flex>
    );
  }
  if (rows.length === 0) {
    return (
      <Box textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
        <Text fontWeight="medium">{empty.title}</Text>
        <Text color="fg.muted" fontSize="sm" mt="1">
          {empty.hint}
        </Text>
      </Box>
    );
  }
  const [first, ...rest] = columns;
  return (
    <>
      <Stack as="ul" gap="3" listStyleType="none" hideFrom="md" aria-labelledby={labelledBy}>
        {rows.map((row) => (
          <Box
            as="li"
            key={row.id}
            borderWidth="1px"
            rounded="lg"
            p="3"
            minW="0"
            cursor={onOpen ? 'pointer' : undefined}
            onClick={onOpen ? () => onOpen(row) : undefined}
          >
            <Flex justify="space-between" align="flex-start" gap="2">
              <Stack gap="1" align="flex-start" minW="0">
                {first && (
                  <Box fontWeight="semibold" overflowWrap="anywhere">
                    {first.cell(row)}
                  </Box>
                )}
                {hasSyncState && <SyncStateBadge state={row.syncState} />}
              </Stack>
              {actions?.(row)}
            </Flex>
            <DataList.Root orientation="horizontal" size="sm" mt="2" gap="1.5">
              {rest.map((column) => (
                <DataList.Item key={column.header}>
                  <DataList.ItemLabel minW="28">{column.header}</DataList.ItemLabel>
                  <DataList.ItemValue minW="0" overflowWrap="anywhere">
                    {column.cell(row)}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Box>
        ))}
      </Stack>
      <Table.ScrollArea borderWidth="1px" rounded="lg" hideBelow="md" tabIndex={0}>
        <Table.Root size="sm" interactive={Boolean(onOpen)} aria-labelledby={labelledBy}>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column.header} scope="col">
                  {column.header}
                </Table.ColumnHeader>
              ))}
              {actions && (
                <Table.ColumnHeader scope="col" textAlign="end">
                  Actions
                </Table.ColumnHeader>
              )}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row
                key={row.id}
                cursor={onOpen ? 'pointer' : undefined}
                onClick={onOpen ? () => onOpen(row) : undefined}
              >
                {columns.map((column, index) => (
                  <Table.Cell key={column.header} whiteSpace={column.nowrap ? 'nowrap' : undefined}>
                    {index === 0 ? (
                      <Stack gap="1" align="flex-start">
                        {column.cell(row)}
                        {hasSyncState && <SyncStateBadge state={row.syncState} />}
                      </Stack>
                    ) : (
                      column.cell(row)
                    )}
                  </Table.Cell>
                ))}
                {actions && <Table.Cell textAlign="end">{actions(row)}</Table.Cell>}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}
