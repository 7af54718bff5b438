/** Drivers: the owner's drivers (name, licence number, phone) with Add, Edit and Remove, and how many vehicles each drives. */
import { formatPhone } from '#domain/validation/identity-checks';
import { Badge, Box, Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PencilIcon, PlusIcon, TrashIcon } from '../../components/icons';
import { Section } from '../../components/page-parts';
import type { LocalDriver } from '../../store/database';

/** Drivers listed before "Show all". */
const FIRST_DRIVERS = 20;

export function SyncMark({ syncState }: { syncState: 'pending' | 'synced' | 'rejected' | undefined }) {
  if (syncState === 'pending')
    return (
      <Badge colorPalette="orange" variant="outline" size="sm">
        Saved on this device
      </Badge>
    );
  if (syncState === 'rejected')
    return (
      <Badge colorPalette="red" variant="outline" size="sm">
        Needs attention
      </Badge>
    );
  return null;
}

export interface DriversSectionProps {
  drivers: readonly LocalDriver[];
  vehiclesOfDriver: ReadonlyMap<string, number>;
  onAdd: () => void;
  onEdit: (driver: LocalDriver) => void;
  onRemove: (driver: LocalDriver) => void;
}

export function DriversSection({ drivers, vehiclesOfDriver, onAdd, onEdit, onRemove }: DriversSectionProps) {
  const [isShowingAll, setShowingAll] = useState(false);
  const shown = isShowingAll ? drivers : drivers.slice(0, FIRST_DRIVERS);
  return (
    <Section
      title="Drivers"
      headingId="drivers-heading"
      aside={
        <Button size="sm" colorPalette="brand" variant="outline" onClick={onAdd}>
          <PlusIcon /> Add Driver
        </Button>
      }
    >
      {drivers.length === 0 ? (
        <Box textAlign="center" py="8" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
          <Text fontWeight="medium">No drivers yet</Text>
          <Text color="fg.muted" fontSize="sm" mt="1">
            Add the people who drive your vehicles, then assign each vehicle its driver.
          </Text>
        </Box>
      ) : (
        <Stack gap="3">
          <Stack as="ul" gap="2" listStyleType="none" aria-labelledby="drivers-heading">
            {shown.map((driver) => {
              const driving = vehiclesOfDriver.get(driver.id) ?? 0;
              return (
                <Flex
                  as="li"
                  key={driver.id}
                  borderWidth="1px"
                  rounded="md"
                  px="3"
                  py="2"
                  gap="3"
                  align="center"
                  justify="space-between"
                  wrap="wrap"
                >
                  <Box minW="0">
                    <Text fontWeight="medium">{driver.name}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      Licence{' '}
                      <Text as="span" fontFamily="mono" whiteSpace="nowrap">
                        {driver.licenceNumber}
                      </Text>
                      {' · '}
                      <Text as="span" whiteSpace="nowrap">
                        {formatPhone(driver.phone)}
                      </Text>
                      {' · '}
                      {driving === 0
                        ? 'No vehicle assigned'
                        : driving === 1
                          ? 'Drives 1 vehicle'
                          : `Drives ${driving.toLocaleString('en-GB')} vehicles`}
                    </Text>
                    <SyncMark syncState={driver.syncState} />
                  </Box>
                  <HStack gap="1">
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit driver ${driver.name}`}
                      onClick={() => onEdit(driver)}
                    >
                      <PencilIcon />
                    </IconButton>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`Remove driver ${driver.name}`}
                      onClick={() => onRemove(driver)}
                    >
                      <TrashIcon />
                    </IconButton>
                  </HStack>
                </Flex>
              );
            })}
          </Stack>
          {drivers.length > shown.length && (
            <Button variant="outline" size="sm" alignSelf="flex-start" onClick={() => setShowingAll(true)}>
              Show all {drivers.length.toLocaleString('en-GB')} drivers
            </Button>
          )}
        </Stack>
      )}
    </Section>
  );
}
