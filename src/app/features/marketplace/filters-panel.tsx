/**
 * The marketplace's filter panel. Beside the plates on a wide screen; on a phone it folds away
 * behind a Filters button (saying how many filters are on) in the row with the sort, so the
 * first plate is on the first screen rather than under a slider, two selects and a checkbox.
 */
import { Box, Button, Card, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The phone's Filters button; hidden where the panel is always shown. */
export function FiltersToggle({
  isOpen,
  activeFilters,
  panelId,
  onToggle,
}: {
  isOpen: boolean;
  /** Filters that narrow the list now (the search apart). */
  activeFilters: number;
  panelId: string;
  onToggle: () => void;
}) {
  return (
    <Button
      display={{ base: 'inline-flex', lg: 'none' }}
      variant="outline"
      aria-expanded={isOpen}
      aria-controls={panelId}
      onClick={onToggle}
    >
      {activeFilters > 0 ? `Filters (${activeFilters})` : 'Filters'}
    </Button>
  );
}

interface FiltersPanelProps {
  id: string;
  /** On a phone: shown only when the Filters button has opened it. */
  isOpen: boolean;
  onClear: () => void;
  children: ReactNode;
}

export function FiltersPanel({ id, isOpen, onClear, children }: FiltersPanelProps) {
  return (
    <Box w={{ base: 'full', lg: '72' }} flexShrink={0} display={{ base: isOpen ? 'block' : 'none', lg: 'block' }}>
      <Card.Root as="aside" id={id} aria-label="Filters">
        <Card.Body>
          <Stack gap="5">
            <Heading as="h2" size="md">
              Filters
            </Heading>
            {children}
            <Button variant="outline" onClick={onClear}>
              Clear All Filters
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
