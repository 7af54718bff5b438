/** The home page's closing call to action: register, or go straight to the plates. */
import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

export function CallToActionSection() {
  return (
    <Container maxW="7xl">
      <Box
        bg="brand.700"
        color="white"
        rounded="2xl"
        px={{ base: '6', md: '12' }}
        py={{ base: '10', md: '14' }}
        textAlign="center"
      >
        <Stack gap="5" align="center" maxW="2xl" mx="auto">
          <Heading as="h2" id="cta-heading" size={{ base: '2xl', md: '3xl' }}>
            Ready to Get Your Plates?
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="brand.50">
            Create your account in a minute, choose your plates and pay online. We will tell you when they are ready to
            collect.
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
            <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }} focusRingColor="white">
              <RouterLink to={paths.auth}>Register Now</RouterLink>
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
              <RouterLink to={paths.marketplace}>Browse Plates</RouterLink>
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Container>
  );
}
