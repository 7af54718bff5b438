/**
 * The numbers the buyer chose, as the wizard repeats them: on step 1 until the part that
 * adds and removes numbers has loaded, and on steps 2 and 3.
 */
import { Box, Text } from '@chakra-ui/react';

/** The chosen numbers as steps 2 and 3 repeat them. */
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
