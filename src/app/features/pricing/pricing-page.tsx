/**
 * Pricing (spec section 2): the Standard License Plate offer, a live price calculator
 * and the accepted payment methods, priced from the server's settings.
 */
import { Box, Button, Card, Circle, Container, Flex, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatKwacha, type Ngwee } from '#domain/money/money';
import type { PricingSettings } from '#domain/pricing/pricing';
import { CheckIcon } from '../../components/icons';
import { paths } from '../../config/paths';
import { PriceCalculator } from './price-calculator';
import { usePricingSettings } from '../../payments/pricing-settings';

/** The marks a buyer looks for at checkout; the calculator groups them into four fee classes. */
const ACCEPTED_PAYMENT_METHODS = [
  'MTN Mobile Money',
  'Airtel Money',
  'VISA',
  'MasterCard',
  'ZANACO',
  'Bank Transfer',
] as const;

/** 'K300' for a headline price in whole kwacha, 'K300.50' otherwise. */
function formatHeadlinePrice(amount: Ngwee): string {
  return formatKwacha(amount).replace(/\.00$/, '');
}

function planFeatures(settings: PricingSettings): string[] {
  return [
    '1 License Plate',
    'QR Code Verification',
    'Digital Documentation',
    `${settings.validityYears}-Year Validity`,
    'Email Support',
    'Compliance Certificate',
  ];
}

export function PricingPage() {
  // The server's settings (the device's copy offline); the prerendered page shows the defaults until then.
  const { settings } = usePricingSettings();
  return (
    <Box bg="bg.subtle" py={{ base: '10', md: '16' }}>
      <Container maxW="7xl">
        <Stack gap="3" textAlign="center" maxW="2xl" mx="auto" mb={{ base: '8', md: '12' }}>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            Pricing
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            One simple price per plate. No hidden costs: what you see in the calculator is what you pay.
          </Text>
        </Stack>

        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start" maxW="5xl" mx="auto">
          <PlanCard settings={settings} />
          <PriceCalculator settings={settings} />
        </SimpleGrid>

        <Box
          as="section"
          aria-labelledby="payment-methods-heading"
          maxW="5xl"
          mx="auto"
          mt={{ base: '10', md: '14' }}
          textAlign="center"
        >
          <Heading as="h2" id="payment-methods-heading" size={{ base: 'xl', md: '2xl' }} mb="5">
            Accepted payment methods
          </Heading>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, sm: 3, md: 6 }} gap="3">
            {ACCEPTED_PAYMENT_METHODS.map((name) => (
              <Box
                as="li"
                key={name}
                bg="bg"
                borderWidth="1px"
                rounded="lg"
                px="3"
                py="2.5"
                fontWeight="semibold"
                fontSize={{ base: 'sm', sm: 'md' }}
                shadow="xs"
                display="flex"
                alignItems="center"
                justifyContent="center"
              >
                {name}
              </Box>
            ))}
          </SimpleGrid>
          <Text color="fg.muted" mt="6">
            All prices are in ZMW and include taxes.
          </Text>
        </Box>
      </Container>
    </Box>
  );
}

function PlanCard({ settings }: { settings: PricingSettings }) {
  return (
    <Card.Root
      as="section"
      aria-labelledby="plan-heading"
      size={{ base: 'sm', sm: 'md' }}
      shadow="lg"
      borderTopWidth="4px"
      borderTopColor="brand.600"
    >
      <Card.Header>
        <Heading as="h2" id="plan-heading" size={{ base: 'xl', md: '2xl' }}>
          Standard License Plate
        </Heading>
        <Text color="fg.muted">Everything you need to put a legal, verifiable plate on your vehicle.</Text>
      </Card.Header>
      <Card.Body gap="6">
        <Flex align="baseline" gap="2">
          <Text fontSize={{ base: '5xl', md: '6xl' }} fontWeight="extrabold" lineHeight="1" color="brand.700">
            {formatHeadlinePrice(settings.platePrice)}
          </Text>
          <Text color="fg.muted" fontSize="lg">
            per plate
          </Text>
        </Flex>
        <List.Root gap="3" variant="plain">
          {planFeatures(settings).map((feature) => (
            <List.Item key={feature} alignItems="center">
              <Circle size="6" bg="brand.50" color="brand.700" me="3" flexShrink="0">
                <CheckIcon boxSize="3.5" />
              </Circle>
              {feature}
            </List.Item>
          ))}
        </List.Root>
        <Text fontSize="sm" color="fg.muted">
          A processing fee of {formatKwacha(settings.processingFee)} applies per order; card and mobile-money payments
          add a small gateway fee.
        </Text>
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="brand" size="lg" w="full">
          <RouterLink to={paths.buyProcess}>Get Started</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
