import { isOpenForPurchase, LISTING_INCLUDES, type PlateListing } from '#domain/marketplace/listing';
import { formatZmw } from '#domain/money/money';
import { Badge, Box, Button, Card, CloseButton, Dialog, Flex, HStack, IconButton, List, Portal, Stack, Text } from '@chakra-ui/react';
import { CheckIcon } from '../../components/icons';
import { HeartIcon } from './heart-icon';
import { toggleFavourite } from './use-marketplace';

const STATUS_COLOURS = { Available: 'green', Reserved: 'orange', Sold: 'red' } as const;

export function PlateNumberDisplay({ number }: { number: string }) {
  return (
    <Box bg="yellow.300" color="black" borderWidth="3px" borderColor="black" rounded="md" px="3" py="1" fontFamily="mono" fontWeight="bold" fontSize="xl" letterSpacing="wider" textAlign="center" whiteSpace="nowrap">
      {number}
    </Box>
  );
}

export function ListingCard({ listing, isFavourite, layout }: { listing: PlateListing; isFavourite: boolean; layout: 'grid' | 'list' }) {
  const isOpen = isOpenForPurchase(listing);
  return (
    <Card.Root as="li" size="sm" flexDirection={layout === 'list' ? { base: 'column', md: 'row' } : 'column'}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <PlateNumberDisplay number={listing.number} />
          <IconButton
            aria-label={isFavourite ? `Remove ${listing.number} from favorites` : `Add ${listing.number} to favorites`}
            aria-pressed={isFavourite}
            variant="ghost"
            size="sm"
            color={isFavourite ? 'red.600' : 'fg.muted'}
            onClick={() => void toggleFavourite(listing.id)}
          >
            <HeartIcon filled={isFavourite} />
          </IconButton>
        </Flex>
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={STATUS_COLOURS[listing.status]}>{listing.status}</Badge>
          <Badge variant="outline">{listing.type}</Badge>
          {listing.featured && <Badge colorPalette="yellow" variant="solid">Featured</Badge>}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {listing.description}
        </Text>
        <Text fontSize="2xl" fontWeight="bold">
          {formatZmw(listing.price)}
        </Text>
      </Card.Body>
      <Card.Footer w={layout === 'list' ? { base: 'full', md: '56' } : 'full'} flexShrink={0} alignSelf={layout === 'list' ? { md: 'center' } : undefined}>
        {isOpen ? (
          <Dialog.Root size={{ base: 'full', sm: 'md' }}>
            <Dialog.Trigger asChild>
              <Button colorPalette="brand" w="full">
                View Details
              </Button>
            </Dialog.Trigger>
            <Portal>
              <Dialog.Backdrop />
              <Dialog.Positioner>
                <Dialog.Content>
                  <Dialog.Header>
                    <Dialog.Title>Plate {listing.number}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <Stack gap="4">
                      <PlateNumberDisplay number={listing.number} />
                      <Text fontSize="2xl" fontWeight="bold">
                        {formatZmw(listing.price)}
                      </Text>
                      <HStack gap="2" wrap="wrap">
                        <Badge colorPalette={STATUS_COLOURS[listing.status]}>{listing.status}</Badge>
                        <Badge variant="outline">{listing.type}</Badge>
                        {listing.featured && <Badge colorPalette="yellow" variant="solid">Featured</Badge>}
                      </HStack>
                      <Text>{listing.description}</Text>
                      <Box>
                        <Text fontWeight="semibold" mb="2">
                          Included
                        </Text>
                        <List.Root gap="1" variant="plain">
                          {LISTING_INCLUDES.map((item) => (
                            <List.Item key={item}>
                              <List.Indicator asChild color="green.600">
                                <CheckIcon boxSize="4" />
                              </List.Indicator>
                              {item}
                            </List.Item>
                          ))}
                        </List.Root>
                      </Box>
                    </Stack>
                  </Dialog.Body>
                  <Dialog.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label="Close" />
                  </Dialog.CloseTrigger>
                </Dialog.Content>
              </Dialog.Positioner>
            </Portal>
          </Dialog.Root>
        ) : (
          <Button w="full" disabled>
            {listing.status}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
