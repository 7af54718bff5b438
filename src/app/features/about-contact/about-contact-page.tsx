/** About & Contact (/about-contact): story, mission and values, how to reach us, and the message form. */
import { Box, Card, Container, Heading, HStack, Icon, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  AwardIcon,
  CheckIcon,
  ClockIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  ShieldIcon,
  UsersIcon,
} from '../../components/icons';
import { ContactForm } from './contact-form';

const SUPPORT_HOURS = 'Mon-Fri 8AM-5PM';

const values = [
  {
    icon: ShieldIcon,
    title: 'Trust & Security',
    text: 'Every plate carries a signed QR credential that anyone can check on the spot, so cloned plates are caught.',
  },
  { icon: CheckIcon, title: 'Transparency', text: 'Clear prices in kwacha, with every fee shown before you pay.' },
  {
    icon: UsersIcon,
    title: 'Accessibility',
    text: 'Built for any phone, at home or at the roadside, with or without a signal.',
  },
  {
    icon: AwardIcon,
    title: 'Compliance',
    text: 'Compliant with and approved by the Zambia Bureau of Standards and the Ministry of Transport.',
  },
] as const;

function ContactLine({ icon, children }: { icon: typeof MailIcon; children: ReactNode }) {
  return (
    <HStack gap="2" align="flex-start">
      <Icon as={icon} boxSize="4" mt="1" color="brand.fg" aria-hidden />
      <Box minW="0" overflowWrap="anywhere">
        {children}
      </Box>
    </HStack>
  );
}

function ContactCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body gap="2">
        <Heading as="h3" size="md">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

export function AboutContactPage() {
  return (
    <>
      <Box bg="brand.subtle" borderBottomWidth="1px" borderColor="brand.muted">
        <Container maxW="7xl" py={{ base: '10', md: '16' }}>
          <Stack gap="3" maxW="3xl">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
              About & Contact
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
              Nambala is Zambia's online registry, marketplace and verification service for vehicle licence plates. We
              are here to help.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Container maxW="7xl" py={{ base: '10', md: '14' }}>
        <Stack gap={{ base: '10', md: '14' }}>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '8', lg: '12' }}>
            <Stack gap="3" as="section" aria-labelledby="story-heading">
              <Heading as="h2" id="story-heading" size="xl">
                Our Story
              </Heading>
              <Text>
                Nambala means “number” in Nyanja and Bemba. It began with a simple idea: getting a licence plate in
                Zambia should not cost a day of queues and paperwork.
              </Text>
              <Text>
                We brought plates online so that vehicle owners, fleets, approved plate makers and law enforcement all
                work from one trusted registry — from buying a plate to checking it at the roadside.
              </Text>
            </Stack>
            <Stack gap="3" as="section" aria-labelledby="mission-heading">
              <Heading as="h2" id="mission-heading" size="xl">
                Our Mission
              </Heading>
              <Text>
                To make every Zambian licence plate easy to get and hard to fake: applied for online in minutes, made by
                approved plate makers, and verifiable by anyone, anywhere.
              </Text>
            </Stack>
          </SimpleGrid>

          <Stack gap="5" as="section" aria-labelledby="values-heading">
            <Heading as="h2" id="values-heading" size="xl">
              Our Values
            </Heading>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
              {values.map((value) => (
                <Card.Root key={value.title} variant="subtle" size="sm">
                  <Card.Body gap="2">
                    <Icon as={value.icon} boxSize="6" color="brand.fg" aria-hidden />
                    <Heading as="h3" size="md">
                      {value.title}
                    </Heading>
                    <Text color="fg.muted" fontSize="sm">
                      {value.text}
                    </Text>
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
          </Stack>

          <SimpleGrid columns={{ base: 1, lg: 5 }} gap={{ base: '10', lg: '12' }} alignItems="start">
            <Stack gap="4" as="section" aria-labelledby="contact-heading" gridColumn={{ lg: 'span 2' }}>
              <Heading as="h2" id="contact-heading" size="xl">
                Get in Touch
              </Heading>
              <ContactCard title="Support">
                <ContactLine icon={MailIcon}>
                  <Link href="mailto:support@nambala.co.zm" color="brand.fg">
                    support@nambala.co.zm
                  </Link>
                </ContactLine>
                <ContactLine icon={PhoneIcon}>
                  <Link href="tel:+260211123456" color="brand.fg">
                    +260 211 123 456
                  </Link>
                </ContactLine>
                <ContactLine icon={ClockIcon}>
                  <Text>
                    Support hours:{' '}
                    <Text as="span" fontWeight="medium">
                      {SUPPORT_HOURS}
                    </Text>
                  </Text>
                </ContactLine>
              </ContactCard>
              <ContactCard title="Sales">
                <ContactLine icon={MailIcon}>
                  <Link href="mailto:sales@nambala.co.zm" color="brand.fg">
                    sales@nambala.co.zm
                  </Link>
                </ContactLine>
              </ContactCard>
              <ContactCard title="Headquarters">
                <ContactLine icon={MapPinIcon}>
                  <Text as="address" fontStyle="normal">
                    Cairo Road, Lusaka, Zambia
                  </Text>
                </ContactLine>
              </ContactCard>
            </Stack>
            <Card.Root variant="outline" gridColumn={{ lg: 'span 3' }}>
              <Card.Body>
                <ContactForm />
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
        </Stack>
      </Container>
    </>
  );
}
