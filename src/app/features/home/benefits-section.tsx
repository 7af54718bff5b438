/** 'Why Choose Nambala': the three benefits the spec names. */
import { Card, Circle, Container, Heading, SimpleGrid, Stack, Text, type IconProps } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { AwardIcon, ClockIcon, ShieldIcon } from '../../components/icons';

const benefits: readonly { title: string; text: string; Icon: ComponentType<IconProps> }[] = [
  {
    title: 'Secure Platform',
    text: 'Every plate carries a unique, digitally signed QR code, so a cloned or forged plate is caught the moment it is scanned. Your details are encrypted and never shown to the public.',
    Icon: ShieldIcon,
  },
  {
    title: 'Officially Approved',
    text: 'Plates are made to the Zambia Bureau of Standards specification, and the whole process is approved by the Ministry of Transport. Only licensed plate makers produce Nambala plates.',
    Icon: AwardIcon,
  },
  {
    title: 'Quick Processing',
    text: 'Applications are processed within 24-48 hours and plates are manufactured within 3-5 business days. Track every step online instead of waiting in a queue.',
    Icon: ClockIcon,
  },
];

export function BenefitsSection() {
  return (
    <Container maxW="7xl">
      <Stack gap="3" textAlign="center" maxW="2xl" mx="auto" mb={{ base: '8', md: '12' }}>
        <Heading as="h2" id="benefits-heading" size={{ base: '2xl', md: '3xl' }}>
          Why Choose Nambala
        </Heading>
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          One trusted place to buy, register and verify Zambian licence plates.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {benefits.map(({ title, text, Icon }) => (
          <Card.Root key={title} variant="outline" _hover={{ shadow: 'md' }} transition="box-shadow 0.2s">
            <Card.Body gap="4">
              <Circle size="12" bg="brand.50" color="brand.700">
                <Icon boxSize="6" />
              </Circle>
              <Heading as="h3" size="xl">
                {title}
              </Heading>
              <Text color="fg.muted">{text}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Container>
  );
}
