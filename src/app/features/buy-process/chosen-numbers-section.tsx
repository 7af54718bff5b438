/**
 * Step 1's plate numbers: the part that checks, adds and removes numbers. Its code loads once the page is ready and idle, so the
 * wizard's first load stays within its budget (docs/performance.md); the chosen numbers
 * themselves are in the draft from the start and are sent whether or not it has loaded. A
 * number in the address (?number=, from the home page's check) is chosen once it has loaded.
 */
import { type ComponentProps, useEffect, useState } from 'react';
import { onDemand, useLoadedWhenOpen } from '../../components/loaded-when-open';
import { whenReadyAndIdle } from '../../components/when-idle';
import type { ChosenNumbersField } from './chosen-numbers-field';

const parts = onDemand(() => import('./chosen-numbers-field'));

type SectionProps = ComponentProps<typeof ChosenNumbersField>;

const ignore = () => undefined; // offline before it was ever fetched: the numbers stay as chosen, and are sent

export function ChosenNumbersSection(props: SectionProps) {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => whenReadyAndIdle(() => setIdle(true)), []);
  const loaded = useLoadedWhenOpen(parts, isIdle, ignore);
  if (!loaded) return null;
  return (
    <>
      <loaded.NumberFromAddress numbers={props.numbers} onChange={props.onChange} />
      <loaded.ChosenNumbersField {...props} />
    </>
  );
}
