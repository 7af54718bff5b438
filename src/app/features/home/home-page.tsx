/** The landing page (spec section 2, Home): hero, quick search, benefits, call to action. */
import { Box, Container } from '@chakra-ui/react';
import { BenefitsSection } from './benefits-section';
import { CallToActionSection } from './call-to-action-section';
import { FadeInSection } from './fade-in-section';
import { HeroSection } from './hero-section';
import { QuickSearchCard } from './quick-search-card';

export function HomePage() {
  return (
    <>
      <HeroSection />
      <Box bg="bg.subtle" pb={{ base: '12', md: '20' }}>
        <FadeInSection aria-labelledby="quick-search-heading" pt={{ base: '8', md: '12' }}>
          <Container maxW="7xl">
            <QuickSearchCard />
          </Container>
        </FadeInSection>
      </Box>
      <FadeInSection aria-labelledby="benefits-heading" py={{ base: '12', md: '20' }}>
        <BenefitsSection />
      </FadeInSection>
      <FadeInSection aria-labelledby="cta-heading" pb={{ base: '12', md: '20' }}>
        <CallToActionSection />
      </FadeInSection>
    </>
  );
}
