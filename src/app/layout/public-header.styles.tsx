/**
 * The public header's look, made at build time (decision 039): each element as Chakra would
 * draw it. Read by the build only; public-header.tsx uses the class names.
 */
import { Box, Button, Container, Flex, HStack, IconButton, Link } from '@chakra-ui/react';
import { MenuIcon } from '../components/icons';
import type { StaticStyles } from '../theme/static-styles';

export const headerStyles = {
  root: (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/95"
      backdropFilter="blur(6px)"
      borderBottomWidth="1px"
    />
  ),
  container: <Container maxW="7xl" py="3" />,
  bar: <Flex align="center" justify="space-between" gap="4" />,
  nav: <HStack as="nav" gap="1" hideBelow="lg" />,
  navLink: (
    <Button
      variant="ghost"
      size="sm"
      color="fg.muted"
      css={{ '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle' } }}
    />
  ),
  actions: <HStack gap="3" />,
  install: <Button size="sm" variant="outline" colorPalette="brand" hideBelow="lg" />,
  account: <Button size="sm" colorPalette="brand" hideBelow="lg" />,
  menuButton: <IconButton aria-label="" variant="ghost" hideFrom="lg" />,
  menuIcon: <MenuIcon />,
} satisfies StaticStyles;

/** The logo, which the dashboards' header shows too. */
export const logoStyles = {
  link: <Link fontWeight="bold" fontSize="xl" color="fg" _hover={{ textDecoration: 'none' }} />,
  row: <HStack gap="2" />,
  mark: (
    <Box
      as="span"
      bg="brand.600"
      color="white"
      rounded="md"
      px="1.5"
      fontSize="sm"
      letterSpacing="wider"
      lineHeight="tall"
    />
  ),
} satisfies StaticStyles;
