/**
 * A figure on a dashboard: what it is, the number ('—' while it is read) and a line saying
 * what it counts. A definition list (label, value, and the note as a second description),
 * so a screen reader reads each figure with its name.
 */
import { Card, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: number | string | undefined;
  help: ReactNode;
  /** A value that is good or bad news (a health verdict), coloured as such beside its words. */
  tone?: 'success' | 'error';
  /** The note is good or bad news (a trend up or down): dark enough green or red to read as small text. */
  helpTone?: 'success' | 'error';
}

export function StatCard({ label, value, help, tone, helpTone }: StatCardProps) {
  return (
    <Card.Root>
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText color={tone === 'error' ? 'fg.error' : tone === 'success' ? 'fg.success' : undefined}>
            {value === undefined ? '—' : typeof value === 'number' ? value.toLocaleString('en-GB') : value}
          </Stat.ValueText>
          {/* A <dd>: a list may only hold terms and their descriptions. */}
          <Stat.HelpText
            as="dd"
            color={helpTone === 'success' ? 'green.700' : helpTone === 'error' ? 'red.700' : 'fg.muted'}
          >
            {help}
          </Stat.HelpText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
