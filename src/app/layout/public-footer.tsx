/** Four-column footer: brand, Quick Links, Support, Legal; copyright and compliance note. */
import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';

const columns = [
  {
    title: 'Quick Links',
    links: [
      { to: paths.marketplace, label: 'Marketplace' },
      { to: paths.howItWorks, label: 'How It Works' },
      { to: paths.pricing, label: 'Pricing' },
      { to: paths.verification, label: 'Verification' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: paths.help, label: 'Help Center' },
      { to: paths.aboutContact, label: 'Contact Us' },
      { to: `${paths.help}#faqs`, label: 'FAQs' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.terms, label: 'Terms of Service' },
      { to: paths.privacy, label: 'Privacy Policy' },
      { to: paths.compliance, label: 'Compliance' },
    ],
  },
] as const;

export function PublicFooter({ year }: { year: number }) {
  return (
    <Box as="footer" bg="gray.900" color="gray.300" mt="auto">
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="8">
          <Stack gap="3">
            <Text fontWeight="bold" fontSize="lg" color="white">
              Nambala
            </Text>
            <Text fontSize="sm">Simplifying vehicle registration and plate management in Zambia. Buy, reserve and verify licence plates online.</Text>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.title} as="nav" aria-label={column.title} gap="0">
              <Heading as="h2" size="sm" color="white">
                {column.title}
              </Heading>
              {column.links.map((link) => (
                <Link key={link.label} asChild fontSize="sm" color="gray.300" py="2" _hover={{ color: 'white' }}>
                  <RouterLink to={link.to}>{link.label}</RouterLink>
                </Link>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Stack borderTopWidth="1px" borderColor="gray.700" mt="10" pt="6" gap="1" fontSize="sm" textAlign={{ base: 'left', md: 'center' }}>
          <Text>© {year} Nambala. All rights reserved.</Text>
          <Text color="gray.400">Compliant with and approved by the Zambia Bureau of Standards and the Ministry of Transport.</Text>
        </Stack>
      </Container>
    </Box>
  );
}
