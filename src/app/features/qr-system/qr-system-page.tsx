/**
 * Admin: QR System. The flag review queue first (it is the work), then looking a plate
 * up with its printable credential QR code, the signing keys, the revocation list, and the
 * log of every look at an owner's data (docs/privacy.md).
 */
import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { AccessLogSection } from './access-log-section';
import { FlaggedPlatesSection } from './flagged-plates-section';
import { PlateLookupSection } from './plate-lookup-section';
import { RevocationListSection } from './revocation-list-section';
import { SigningKeysSection } from './signing-keys-section';

export function QrSystemPage() {
  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="2xl">
          QR System
        </Heading>
        <Text color="fg.muted" mt="1">
          Signing keys, flagged plates and revocations for plate credentials.
        </Text>
      </Box>
      <FlaggedPlatesSection />
      <PlateLookupSection />
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
        <SigningKeysSection />
        <RevocationListSection />
      </SimpleGrid>
      <AccessLogSection />
    </Stack>
  );
}
