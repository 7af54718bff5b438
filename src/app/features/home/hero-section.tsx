/**
 * The home page's first screen. It is the Largest Contentful Paint, so it renders at
 * once and never fades in.
 */
import { Box, Button, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AwardIcon } from '../../components/icons';
import { paths } from '../../config/paths';

/** Sample figures from the spec, shown as marketing claims. */
const statistics = [
  { value: '99.9%', label: 'Fraud reduction' },
  { value: '95%', label: 'Time savings' },
  { value: '100%', label: 'Online' },
] as const;

export function HeroSection() {
  return (
    <Box
      as="section"
      aria-labelledby="hero-heading"
      bgGradient="to-br"
      gradientFrom="brand.700"
      gradientTo="brand.950"
      color="white"
      position="relative"
      overflow="hidden"
    >
      <Container maxW="7xl" py={{ base: '12', md: '20' }}>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '10', lg: '16' }} alignItems="center">
          <Stack gap={{ base: '5', md: '6' }}>
            <HStack
              gap="2"
              alignSelf="flex-start"
              bg="whiteAlpha.200"
              rounded={{ base: 'lg', md: 'full' }}
              px="3"
              py="1.5"
              fontSize="sm"
              fontWeight="medium"
            >
              <AwardIcon boxSize="4" flexShrink="0" />
              <Text as="span">
                Compliant with and approved by the Zambia Bureau of Standards and the Ministry of Transport
              </Text>
            </HStack>
            <Heading
              as="h1"
              id="hero-heading"
              fontSize={{ base: '3xl', sm: '4xl', md: '5xl', xl: '6xl' }}
              lineHeight="1.1"
              letterSpacing="tight"
              fontWeight="extrabold"
            >
              Get Your Zambian License Plates Online
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="brand.50" maxW="38rem">
              Buy, reserve and verify vehicle licence plates without queues. Apply in minutes, pay by mobile money or
              card, and collect your plates from an approved plate maker.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }} focusRingColor="white">
                <RouterLink to={paths.pricing}>Buy Plates Now</RouterLink>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.800"
                _hover={{ bg: 'whiteAlpha.200' }}
                focusRingColor="white"
              >
                <RouterLink to={paths.auth}>Register Account</RouterLink>
              </Button>
            </Stack>
            <Box
              as="dl"
              display="grid"
              gridTemplateColumns="repeat(3, minmax(0, 1fr))"
              gap="4"
              pt="4"
              borderTopWidth="1px"
              borderColor="whiteAlpha.400"
              maxW="30rem"
            >
              {statistics.map((statistic) => (
                // dt must come before dd, so the value is lifted above its label visually.
                <Flex key={statistic.label} direction="column-reverse">
                  <Text as="dt" fontSize="sm" color="brand.50">
                    {statistic.label}
                  </Text>
                  <Text as="dd" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold">
                    {statistic.value}
                  </Text>
                </Flex>
              ))}
            </Box>
          </Stack>
          <PlateIllustration />
        </SimpleGrid>
      </Container>
      <FlagStripe />
    </Box>
  );
}

/** A drawn plate in the ZM-001-ABC format with its QR mark; decoration only. */
function PlateIllustration() {
  return (
    <Flex aria-hidden justify="center" hideBelow="lg">
      <Box
        transform="rotate(-3deg)"
        bg="white"
        color="gray.900"
        rounded="xl"
        borderWidth="4px"
        borderColor="gray.900"
        shadow="2xl"
        px="6"
        py="5"
        w="full"
        maxW="28rem"
      >
        <Flex justify="space-between" align="center" fontSize="xs" fontWeight="bold" letterSpacing="widest" mb="2">
          <Text as="span">ZAMBIA</Text>
          <Text as="span" color="brand.700">
            NAMBALA
          </Text>
        </Flex>
        <Flex align="center" justify="space-between" gap="4">
          <Text
            as="span"
            fontFamily="mono"
            fontWeight="black"
            fontSize={{ lg: '4xl', xl: '5xl' }}
            letterSpacing="wider"
            lineHeight="1"
          >
            ZM-001-ABC
          </Text>
          <QrMark />
        </Flex>
        <Flex mt="3" h="1.5" rounded="full" overflow="hidden">
          <Box flex="1" bg="brand.600" />
          <Box flex="1" bg="red.600" />
          <Box flex="1" bg="gray.900" />
          <Box flex="1" bg="copper.500" />
        </Flex>
      </Box>
    </Flex>
  );
}

/** A 5 × 5 pattern that reads as a QR code at a glance. */
const qrCells = [1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1];

function QrMark() {
  return (
    <Box
      display="grid"
      gridTemplateColumns="repeat(5, 1fr)"
      gap="1px"
      w="14"
      h="14"
      flexShrink="0"
      p="1"
      borderWidth="1px"
      borderColor="gray.300"
    >
      {qrCells.map((isDark, index) => (
        <Box key={index} bg={isDark ? 'gray.900' : 'white'} />
      ))}
    </Box>
  );
}

/** The green, red, black and orange of Zambia's flag along the hero's lower edge. */
function FlagStripe() {
  return (
    <Flex aria-hidden position="absolute" insetX="0" bottom="0" h="1.5">
      <Box flex="6" bg="brand.500" />
      <Box flex="1" bg="red.600" />
      <Box flex="1" bg="black" />
      <Box flex="1" bg="copper.500" />
    </Flex>
  );
}
