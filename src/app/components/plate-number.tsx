/**
 * A plate number in running text or a list, never broken across lines: browsers break
 * after a hyphen, so "ZM-777-VIP" would otherwise end a line as "ZM-777-" on a narrow phone,
 * and an officer could read the wrong plate.
 */
import { chakra } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

/** One plate number, kept on one line. */
export function PlateNumber({
  number,
  ...props
}: { number: string } & Omit<ComponentProps<typeof chakra.span>, 'children'>) {
  return (
    <chakra.span whiteSpace="nowrap" data-plate-number="" {...props}>
      {number}
    </chakra.span>
  );
}

/**
 * `text` with each of `numbers` in it kept on one line; the rest wraps as usual. `NumberPart`
 * draws each number (a part styled at build time passes its plain one).
 */
export function WithPlateNumbers({
  text,
  numbers,
  NumberPart = PlateNumber,
}: {
  text: string;
  numbers: ReadonlyArray<string | null | undefined>;
  NumberPart?: (props: { number: string }) => ReactNode;
}): ReactNode {
  const wanted = [...new Set(numbers.filter((number): number is string => Boolean(number)))].sort(
    (a, b) => b.length - a.length,
  );
  if (wanted.length === 0) return text;
  const escaped = wanted.map((number) => number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // The capturing group keeps the numbers in the split, at the odd indexes.
  const parts = text.split(new RegExp(`(${escaped.join('|')})`));
  return parts.map((part, index) => (index % 2 === 1 ? <NumberPart key={index} number={part} /> : part));
}
