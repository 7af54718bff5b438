/**
 * The numbers the buyer chose, as the confirmation repeats them.
 */
import { Box, Text } from '@chakra-ui/react';

/** The chosen numbers, and how many more are allocated at approval. */
export function ChosenNumbersSummary({
  numbers,
  numberOfPlates,
}: {
  numbers: readonly string[];
  numberOfPlates: number;
}) {
  if (numbers.length === 0) return null;
  const allocated = numberOfPlates - numbers.length;
  return (
    <Box borderWidth="1px" rounded="md" px="4" py="3" width="full" textAlign="start" data-testid="chosen-numbers">
      <Text fontSize="sm" color="fg.muted">
        {numbers.length === 1 ? 'Your chosen number' : 'Your chosen numbers'}
      </Text>
      <Text fontFamily="mono" fontWeight="bold" fontSize="lg" letterSpacing="wide">
        {numbers.join(', ')}
      </Text>
      {allocated > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {allocated === 1 ? 'One more number is' : `${allocated} more numbers are`} allocated when the application is
          approved.
        </Text>
      )}
    </Box>
  );
}
