/**
 * The shared frame of the legal pages: title, last-updated date, a short summary, a list
 * of contents and numbered sections, at a comfortable reading width.
 */
import { Box, Container, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface LegalSection {
  /** The anchor of the section, so a clause can be linked to directly. */
  id: string;
  heading: string;
  content: ReactNode;
}

export interface LegalPageProps {
  title: string;
  /** ISO date, e.g. '2026-11-22'. */
  lastUpdated: string;
  summary: ReactNode;
  sections: readonly LegalSection[];
}

/** '22 November 2026', the same in every locale and time zone. */
function formatLegalDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

// Typography for the clauses, which are plain elements written in the page modules.
const proseStyles = {
  '& p': { marginBottom: '3' },
  '& p:last-child': { marginBottom: '0' },
  '& ul': { paddingInlineStart: '6', listStyleType: 'disc', marginBottom: '3' },
  '& li': { marginBottom: '1.5' },
  '& li::marker': { color: 'brand.600' },
  '& h3': { fontWeight: 'semibold', fontSize: 'lg', marginTop: '5', marginBottom: '2' },
  '& a': { color: 'brand.700', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& strong': { fontWeight: 'semibold' },
} as const;

export function LegalPage({ title, lastUpdated, summary, sections }: LegalPageProps) {
  return (
    <Container maxW="7xl" py={{ base: '10', md: '16' }}>
      <Box as="article" maxW="70ch" mx="auto" overflowWrap="break-word">
        <Stack as="header" gap="3" mb="8" pb="8" borderBottomWidth="1px">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Last updated: <time dateTime={lastUpdated}>{formatLegalDate(lastUpdated)}</time>
          </Text>
          <Text fontSize={{ base: 'md', md: 'lg' }} lineHeight="tall">
            {summary}
          </Text>
        </Stack>

        <Box as="nav" aria-label="On this page" bg="bg.subtle" rounded="lg" p={{ base: '4', md: '6' }} mb="10">
          <Text fontWeight="semibold" mb="3">
            On this page
          </Text>
          <List.Root as="ol" ps="6" gap="0" fontSize="sm">
            {sections.map((section) => (
              <List.Item key={section.id}>
                <Link
                  href={`#${section.id}`}
                  color="brand.700"
                  textDecoration="underline"
                  textUnderlineOffset="2px"
                  display="inline-block"
                  py="2"
                >
                  {section.heading}
                </Link>
              </List.Item>
            ))}
          </List.Root>
        </Box>

        <Stack gap="10" lineHeight="tall" css={proseStyles}>
          {sections.map((section, index) => (
            // The sticky header would cover a heading reached by its anchor, hence the scroll margin.
            <Box
              as="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              scrollMarginTop="24"
            >
              <Heading as="h2" id={`${section.id}-heading`} size={{ base: 'xl', md: '2xl' }} mb="4">
                {index + 1}. {section.heading}
              </Heading>
              {section.content}
            </Box>
          ))}
        </Stack>
      </Box>
    </Container>
  );
}
