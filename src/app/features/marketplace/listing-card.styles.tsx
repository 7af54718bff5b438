/**
 * A marketplace plate's card and its plate and badges, made at build time (decision 039):
 * each element as Chakra would draw it. Read by the build only; listing-card.tsx and
 * plate-number-display.tsx use the class names, so a page of cards is drawn without making
 * a style (24 cards were the marketplace's longest piece of work once its plates arrived).
 */
import {
  AbsoluteCenter,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  HStack,
  Icon,
  IconButton,
  Span,
  Spinner,
  Text,
  type CardFooterProps,
} from '@chakra-ui/react';
import { SPECIMEN, type StaticStyles } from '../../theme/static-styles';

function footer(props: CardFooterProps) {
  return (
    <Card.Root size="sm">
      <Card.Footer flexShrink={0} {...props} {...SPECIMEN} />
    </Card.Root>
  );
}

export const listingStyles = {
  card: <Card.Root as="li" size="sm" flexDirection="column" />,
  cardInList: <Card.Root as="li" size="sm" flexDirection={{ base: 'column', md: 'row' }} />,
  body: (
    <Card.Root size="sm">
      <Card.Body gap="3" {...SPECIMEN} />
    </Card.Root>
  ),
  top: <Flex justify="space-between" align="flex-start" gap="2" />,
  favourite: <IconButton aria-label="" variant="ghost" size="sm" color="fg.muted" />,
  favouriteChosen: <IconButton aria-label="" variant="ghost" size="sm" color="red.600" />,
  heart: (
    <Icon boxSize="5">
      <svg />
    </Icon>
  ),
  description: <Text fontSize="sm" color="fg.muted" />,
  mine: <Text fontSize="sm" fontWeight="medium" color="fg.success" />,
  price: <Text fontSize="2xl" fontWeight="bold" />,
  footer: footer({ w: 'full' }),
  footerInList: footer({ w: { base: 'full', md: '56' }, alignSelf: { md: 'center' } }),
  open: <Button colorPalette="brand" w="full" />,
  closed: <Button w="full" />,
  // Chakra's Button while loading, with no loading text (its Loader): the spinner centred over the hidden label.
  loading: <Span display="contents" />,
  loadingCentre: <AbsoluteCenter display="inline-flex" />,
  spinner: <Spinner size="inherit" borderWidth="0.125em" color="inherit" />,
  loadingLabel: <Span visibility="hidden" display="contents" />,
} satisfies StaticStyles;

/** The plate drawn as the yellow plate, and a listing's badges (the card's and the listing dialog's). */
export const plateStyles = {
  plate: (
    <Box
      bg="yellow.300"
      color="black"
      borderWidth="3px"
      borderColor="black"
      rounded="md"
      px="3"
      py="1"
      fontFamily="mono"
      fontWeight="bold"
      fontSize="xl"
      letterSpacing="wider"
      textAlign="center"
      whiteSpace="nowrap"
    />
  ),
  badges: <HStack gap="2" wrap="wrap" />,
  Available: <Badge colorPalette="green" />,
  Reserved: <Badge colorPalette="orange" />,
  Sold: <Badge colorPalette="red" />,
  type: <Badge variant="outline" />,
  featured: <Badge colorPalette="yellow" variant="solid" />,
} satisfies StaticStyles;
