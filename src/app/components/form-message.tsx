import { Box, Text } from '@chakra-ui/react';

/**
 * A form-level problem (offline, server unavailable, refused). The alert region is always
 * in the page so that assistive technology announces the message when it appears.
 */
export function FormMessage({ message }: { message: string | null }) {
  return (
    <Box role="alert">
      {message && (
        <Box bg="red.subtle" color="red.fg" borderWidth="1px" borderColor="red.muted" rounded="md" px="4" py="3">
          <Text fontSize="sm">{message}</Text>
        </Box>
      )}
    </Box>
  );
}
