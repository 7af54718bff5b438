/**
 * How It Works (spec section 2): what the platform does, the steps for each kind of user,
 * why it beats the counter, and where to go next.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Circle,
  Container,
  Flex,
  Heading,
  List,
  SimpleGrid,
  Stack,
  Text,
  type IconProps,
} from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CartIcon, ClockIcon, CloudIcon, QrIcon, ShieldIcon, TruckIcon } from '../../components/icons';
import { paths } from '../../config/paths';
import { BadgeCheckIcon, CarIcon, WrenchIcon } from './how-it-works-icons';

interface Feature {
  title: string;
  text: string;
  Icon: ComponentType<IconProps>;
}

const features: readonly Feature[] = [
  {
    title: 'E-Commerce',
    text: 'Browse standard and personalised numbers, reserve the one you want for 7 days, and pay online by mobile money, card or bank transfer.',
    Icon: CartIcon,
  },
  {
    title: 'Verification',
    text: 'Every plate carries a signed QR code. Anyone can confirm a plate is genuine in seconds, by scanning it or typing its number.',
    Icon: QrIcon,
  },
  {
    title: 'Fleet Management',
    text: 'Businesses keep all their vehicles, drivers, plates and renewal dates in one dashboard, with reminders before anything expires.',
    Icon: TruckIcon,
  },
];

interface Audience {
  id: string;
  title: string;
  summary: string;
  Icon: ComponentType<IconProps>;
  steps: readonly { title: string; text: string }[];
}

const audiences: readonly Audience[] = [
  {
    id: 'owners',
    title: 'Vehicle Owners',
    summary: 'From choosing a number to fitting the plate.',
    Icon: CarIcon,
    steps: [
      {
        title: 'Browse or apply',
        text: 'Pick a number in the marketplace, or apply for a standard plate for your vehicle.',
      },
      {
        title: 'Give your details',
        text: 'Enter your full name, NRC number, phone, email and address. It takes about five minutes.',
      },
      {
        title: 'Pay online',
        text: 'Pay by MTN Mobile Money, Airtel Money, card or bank transfer and get a reference number at once.',
      },
      {
        title: 'We process it',
        text: 'Your application is checked within 24-48 hours and your plates are made within 3-5 business days.',
      },
      {
        title: 'Collect your plates',
        text: 'Collect them from an approved plate maker with your NRC and whitebook, or ask for delivery.',
      },
    ],
  },
  {
    id: 'agents',
    title: 'Agents',
    summary: 'For approved plate makers fulfilling orders.',
    Icon: WrenchIcon,
    steps: [
      {
        title: 'Receive approved orders',
        text: 'Paid, approved orders arrive in your agent dashboard with the buyer and vehicle details.',
      },
      {
        title: "Check the buyer's documents",
        text: "Compare the buyer's whitebook and NRC with the order before any plate is made.",
      },
      {
        title: 'Manufacture and record',
        text: 'Make the plates to the ZABS specification and record the batch number and production date.',
      },
      {
        title: 'Mark ready for collection',
        text: 'Set the order to Ready for Collection; the owner is told where and when to collect.',
      },
    ],
  },
  {
    id: 'law-enforcement',
    title: 'Law Enforcement',
    summary: 'For officers checking plates at the roadside.',
    Icon: ShieldIcon,
    steps: [
      {
        title: 'Scan or type',
        text: 'Scan the QR code on the plate with a phone, or type the plate number if the code is damaged.',
      },
      {
        title: 'Get a clear verdict',
        text: 'See at once whether the plate is authentic, expired or revoked, with its registration and expiry dates.',
      },
      {
        title: 'Works offline',
        text: 'The QR credential is digitally signed, so it can be checked without a network; the record syncs when the phone is back online.',
      },
      {
        title: 'Every lookup is logged',
        text: 'Public checks never show the owner; lookups of owner details by officers are recorded, so personal data is protected from misuse.',
      },
    ],
  },
];

const benefits: readonly Feature[] = [
  {
    title: 'Faster',
    text: 'No queues and no repeated trips: apply and pay from your phone, and plates are processed within 24-48 hours.',
    Icon: ClockIcon,
  },
  {
    title: 'Harder to forge',
    text: 'A signed QR code, document checks before manufacture and a full record of every plate make cloning far harder.',
    Icon: BadgeCheckIcon,
  },
  {
    title: 'Fully online',
    text: 'Track your application, download your documents and renew from anywhere, at any time of day.',
    Icon: CloudIcon,
  },
];

export function HowItWorksPage() {
  return (
    <>
      <Box bg="bg.subtle" py={{ base: '10', md: '16' }}>
        <Container maxW="7xl">
          <Stack gap="3" textAlign="center" maxW="3xl" mx="auto">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
              How It Works
            </Heading>
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
              Nambala connects vehicle owners, approved plate makers and law enforcement on one platform, so every
              Zambian plate is bought, made and checked the same trusted way.
            </Text>
          </Stack>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="6" mt={{ base: '8', md: '12' }}>
            {features.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} headingLevel="h2" />
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container as="section" aria-labelledby="steps-heading" maxW="7xl" py={{ base: '12', md: '20' }}>
        <Stack gap="3" textAlign="center" maxW="2xl" mx="auto" mb={{ base: '8', md: '12' }}>
          <Heading as="h2" id="steps-heading" size={{ base: '2xl', md: '3xl' }}>
            Step by step
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            What happens for each person who uses Nambala.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
          {audiences.map((audience) => (
            <AudienceSteps key={audience.id} audience={audience} />
          ))}
        </SimpleGrid>
      </Container>

      <Box as="section" aria-labelledby="benefits-heading" bg="bg.subtle" py={{ base: '12', md: '20' }}>
        <Container maxW="7xl">
          <Heading
            as="h2"
            id="benefits-heading"
            size={{ base: '2xl', md: '3xl' }}
            textAlign="center"
            mb={{ base: '8', md: '12' }}
          >
            Why it is better
          </Heading>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="6">
            {benefits.map((benefit) => (
              <FeatureCard key={benefit.title} feature={benefit} headingLevel="h3" />
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container as="section" aria-labelledby="next-heading" maxW="7xl" py={{ base: '12', md: '20' }}>
        <Stack gap="5" align="center" textAlign="center" maxW="2xl" mx="auto">
          <Heading as="h2" id="next-heading" size={{ base: '2xl', md: '3xl' }}>
            Ready to start?
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            Find your next number, or see for yourself how quickly a plate can be checked.
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
            <Button asChild colorPalette="brand" size="lg">
              <RouterLink to={paths.marketplace}>Browse Available Plates</RouterLink>
            </Button>
            <Button asChild colorPalette="brand" variant="outline" size="lg">
              <RouterLink to={paths.verification}>Try Plate Verification</RouterLink>
            </Button>
          </Stack>
        </Stack>
      </Container>
    </>
  );
}

function FeatureCard({
  feature: { title, text, Icon },
  headingLevel,
}: {
  feature: Feature;
  headingLevel: 'h2' | 'h3';
}) {
  return (
    <Card.Root as="li" variant="outline" bg="bg">
      <Card.Body gap="4">
        <Circle size="12" bg="brand.50" color="brand.700">
          <Icon boxSize="6" />
        </Circle>
        <Heading as={headingLevel} size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
      </Card.Body>
    </Card.Root>
  );
}

function AudienceSteps({ audience }: { audience: Audience }) {
  const { Icon } = audience;
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Flex align="center" gap="3">
          <Circle size="10" bg="brand.600" color="white" flexShrink="0">
            <Icon boxSize="5" />
          </Circle>
          <Box>
            <Heading as="h3" size="xl">
              {audience.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {audience.summary}
            </Text>
          </Box>
        </Flex>
      </Card.Header>
      <Card.Body>
        <List.Root as="ol" variant="plain" gap="4">
          {audience.steps.map((step, index) => (
            <List.Item key={step.title} alignItems="flex-start" gap="3">
              <Badge
                colorPalette="brand"
                variant="solid"
                rounded="full"
                minW="6"
                h="6"
                justifyContent="center"
                flexShrink="0"
                aria-hidden
              >
                {index + 1}
              </Badge>
              <Box>
                <Text fontWeight="semibold">{step.title}</Text>
                <Text color="fg.muted" fontSize="sm">
                  {step.text}
                </Text>
              </Box>
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}
