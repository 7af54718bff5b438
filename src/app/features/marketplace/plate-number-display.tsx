/** A plate number drawn as the yellow plate, and the colour of each marketplace status. */
import { Box } from '@chakra-ui/react';

export const STATUS_COLOURS = { Available: 'green', Reserved: 'orange', Sold: 'red' } as const;

export function PlateNumberDisplay({ number }: { number: string }) {
  return (
    <Box bg="yellow.300" color="black" borderWidth="3px" borderColor="black" rounded="md" px="3" py="1" fontFamily="mono" fontWeight="bold" fontSize="xl" letterSpacing="wider" textAlign="center" whiteSpace="nowrap">
      {number}
    </Box>
  );
}
