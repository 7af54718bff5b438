/** A plate number drawn as the yellow plate, and a listing's status, type and Featured badges. */
import type { PlateListing } from '#domain/marketplace/listing';
import { Badge, Box, HStack } from '@chakra-ui/react';

export const STATUS_COLOURS = { Available: 'green', Reserved: 'orange', Sold: 'red' } as const;

export function PlateNumberDisplay({ number }: { number: string }) {
  return (
    <Box bg="yellow.300" color="black" borderWidth="3px" borderColor="black" rounded="md" px="3" py="1" fontFamily="mono" fontWeight="bold" fontSize="xl" letterSpacing="wider" textAlign="center" whiteSpace="nowrap">
      {number}
    </Box>
  );
}

export function ListingBadges({ listing }: { listing: Pick<PlateListing, 'status' | 'type' | 'featured'> }) {
  return (
    <HStack gap="2" wrap="wrap">
      <Badge colorPalette={STATUS_COLOURS[listing.status]}>{listing.status}</Badge>
      <Badge variant="outline">{listing.type}</Badge>
      {listing.featured && (
        <Badge colorPalette="yellow" variant="solid">
          Featured
        </Badge>
      )}
    </HStack>
  );
}
