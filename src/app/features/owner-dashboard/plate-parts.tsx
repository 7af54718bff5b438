/**
 * Parts the owner's overview and My Plates & Orders both draw: a plate's number, its status
 * badge and the two ways to get a plate. A module of their own, so that the overview does
 * not load the whole My Plates page with its table and dialogs to draw them.
 */
import { Badge, Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { StatusView } from './plate-status';

export function StatusBadge({ status }: { status: StatusView }) {
  return (
    <Badge colorPalette={status.palette} variant="subtle" whiteSpace="nowrap">
      {status.label}
    </Badge>
  );
}

/** Where a new plate comes from: the marketplace, or an application. */
export function GetPlatesButtons() {
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <Link to={paths.marketplace}>Browse plates</Link>
      </Button>
      <Button asChild size="sm" colorPalette="brand">
        <Link to={paths.buyProcess}>Apply for plates</Link>
      </Button>
    </>
  );
}

export function PlateNumber({ children }: { children: ReactNode }) {
  return (
    <Text as="span" fontFamily="mono" fontWeight="semibold" whiteSpace="nowrap">
      {children}
    </Text>
  );
}
