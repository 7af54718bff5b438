/**
 * A dashboard section's page frame: its title and purpose. Each section's own
 * screen replaces the body as its feature lands.
 */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
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
      <Box borderWidth="1px" borderStyle="dashed" rounded="lg" p="8" textAlign="center" bg="bg.subtle">
        <Text fontWeight="medium">Sign in to see this section.</Text>
        <Text color="fg.muted" fontSize="sm" mt="1">
          Dashboards show your own data once you have signed in with an account that holds this role.
        </Text>
        <Button asChild colorPalette="brand" mt="4">
          <RouterLink to={paths.auth}>Go to Login</RouterLink>
        </Button>
      </Box>
    </Stack>
  );
}
