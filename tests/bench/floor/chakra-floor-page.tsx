/** The bare Chakra UI floor page: the elements of floor-content.ts in Chakra v3 with its default system. */
import {
  Button,
  Card,
  ChakraProvider,
  Container,
  defaultSystem,
  Field,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { StrictMode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { FLOOR_BUTTONS, FLOOR_CARDS, FLOOR_FIELD_LABEL, FLOOR_HEADING, FLOOR_TEXT } from './floor-content';

export function ChakraFloorPage() {
  const [plate, setPlate] = useState('');
  const [pressed, setPressed] = useState<string | null>(null);
  return (
    <ChakraProvider value={defaultSystem}>
      <Container as="main" maxW="5xl" py="8">
        <Stack gap="6">
          <Heading as="h1" size="3xl">
            {FLOOR_HEADING}
          </Heading>
          <Text>{FLOOR_TEXT}</Text>
          <HStack gap="3" flexWrap="wrap">
            {FLOOR_BUTTONS.map((label, index) => (
              <Button
                key={label}
                variant={index === 0 ? 'solid' : 'outline'}
                colorPalette="green"
                aria-pressed={pressed === label}
                onClick={() => setPressed(label)}
              >
                {label}
              </Button>
            ))}
          </HStack>
          <Field.Root maxW="sm">
            <Field.Label>{FLOOR_FIELD_LABEL}</Field.Label>
            <Input
              value={plate}
              placeholder="ZM-001-ABC"
              onChange={(event) => setPlate(event.currentTarget.value.toUpperCase())}
            />
          </Field.Root>
          <SimpleGrid as="ul" minChildWidth="16rem" gap="4">
            {FLOOR_CARDS.map((card) => (
              <Card.Root as="li" key={card.title} size="sm">
                <Card.Body gap="2">
                  <Heading as="h2" size="md">
                    {card.title}
                  </Heading>
                  <Text fontSize="sm" color="fg.muted">
                    {card.text}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </ChakraProvider>
  );
}

/** Hydrates the prerendered page, its styles adopted where the prerenderer put them by Emotion's cache. */
export function hydrateChakraFloorPage(): void {
  const root = document.getElementById('root');
  if (!root) return;
  hydrateRoot(
    root,
    <StrictMode>
      <ChakraFloorPage />
    </StrictMode>,
  );
}
