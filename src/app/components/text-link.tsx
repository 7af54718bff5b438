/** A link inside text to a page of the app: the brand colour, underlined, through the router. */
import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.fg" textDecoration="underline">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
