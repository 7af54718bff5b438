/** Label and value pairs, the one way the app lists a record's details (dialogs, cards). */
import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type DetailRow = readonly [label: string, value: ReactNode];

export function DetailsList({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue minW="0" overflowWrap="anywhere">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
