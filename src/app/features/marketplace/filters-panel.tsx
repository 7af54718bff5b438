/**
 * The marketplace's filter panel. Beside the plates on a wide screen; on a phone it folds away
 * behind a Filters button (saying how many filters are on), so the first plate is on the first
 * screen rather than under a slider, two selects and a checkbox.
 */
import { Box, Button, Card, Heading, Stack } from '@chakra-ui/react';
import { type ReactNode, useId, useState } from 'react';

interface FiltersPanelProps {
  /** Filters that narrow the list now (the search apart). */
  activeFilters: number;
  onClear: () => void;
  children: ReactNode;
}

export function FiltersPanel({ activeFilters, onClear, children }: FiltersPanelProps) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Box w={{ base: 'full', lg: '72' }} flexShrink={0}>
      <Button
        display={{ base: 'flex', lg: 'none' }}
        w="full"
        variant="outline"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        {isOpen ? 'Hide filters' : activeFilters > 0 ? `Filters (${activeFilters} on)` : 'Filters'}
      </Button>
      <Card.Root
        as="aside"
        id={panelId}
        aria-label="Filters"
        display={{ base: isOpen ? 'flex' : 'none', lg: 'flex' }}
        mt={{ base: '3', lg: '0' }}
      >
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
