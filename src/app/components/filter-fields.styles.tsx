/**
 * The fields above a filtered list (filter-fields.tsx), made at build time (decision 039):
 * each element as Chakra's field, input and nativeSelect recipes draw it (plain-field.tsx).
 * Read by the build only; filter-fields.tsx uses the class names, so the marketplace's
 * toolbar and filters and the dashboards' lists draw these fields without Chakra.
 */
import { Box } from '@chakra-ui/react';
import { ChevronDownIcon, SearchIcon } from './icons';
import { FieldLabel, FieldRoot, SelectControl, SelectIndicator, SelectRoot, TextInput } from './plain-field';
import { SPECIMEN, type StaticStyles } from '../theme/static-styles';

export const filterFieldsStyles = {
  // The search box's root, by its least width: 48, 56, the whole row on a phone and 56 from `sm`,
  // or always the whole row.
  search: <FieldRoot flex="1" minW="48" />,
  searchWide: <FieldRoot flex="1" minW="56" />,
  searchFullThenWide: <FieldRoot flex="1" minW={{ base: 'full', sm: '56' }} />,
  searchFull: <FieldRoot />,
  // A select's root, by its width: as wide as its place, or the whole row on a phone and then 44, 48
  // or 52 from `sm`, or 48 on a phone and 56 from `sm` (the marketplace's sort).
  select: <FieldRoot />,
  selectFullThen44: <FieldRoot w={{ base: 'full', sm: '44' }} />,
  selectFullThen48: <FieldRoot w={{ base: 'full', sm: '48' }} />,
  selectFullThen52: <FieldRoot w={{ base: 'full', sm: '52' }} />,
  select48Then56: <FieldRoot w={{ base: '48', sm: '56' }} />,
  label: (
    <FieldRoot>
      <FieldLabel {...SPECIMEN} />
    </FieldRoot>
  ),
  hiddenLabel: (
    <FieldRoot>
      <FieldLabel srOnly {...SPECIMEN} />
    </FieldRoot>
  ),
  searchBox: <Box position="relative" w="full" />,
  searchIcon: (
    <SearchIcon
      boxSize="4"
      position="absolute"
      left="3"
      top="50%"
      transform="translateY(-50%)"
      color="fg.muted"
      pointerEvents="none"
      zIndex="1"
    />
  ),
  searchInput: <TextInput ps="9" />,
  selectBox: <SelectRoot />,
  selectControl: (
    <SelectRoot>
      <SelectControl {...SPECIMEN} />
    </SelectRoot>
  ),
  selectIndicator: (
    <SelectRoot>
      <SelectIndicator {...SPECIMEN} />
    </SelectRoot>
  ),
  chevron: <ChevronDownIcon />,
} satisfies StaticStyles;
