/**
 * A dashboard section's page frame: its title and purpose. Each section's own
 * screen replaces this as its feature lands.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { sectionById } from './dashboard-sections';

export function DashboardSectionPage({ sectionId }: { sectionId: string }) {
  const section = sectionById(sectionId);
  if (!section) return null;
  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="2xl">
          {section.title}
        </Heading>
        <Text color="fg.muted" mt="1">
          {section.summary}
        </Text>
      </Box>
    </Stack>
  );
}
