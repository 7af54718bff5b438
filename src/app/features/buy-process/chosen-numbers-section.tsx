/**
 * The wizard's plate numbers: on step 1 the part that checks, adds and removes numbers, on
 * step 2 the numbers as chosen. Their code loads once the page is ready and idle, so the
 * wizard's first load stays within its budget (docs/performance.md); the chosen numbers
 * themselves are in the draft from the start and are sent whether or not it has loaded.
 */
import { type ComponentProps, useEffect, useState } from 'react';
import { onDemand } from '../../components/loaded-when-open';
import { whenReadyAndIdle } from '../../components/when-idle';
import type { ChosenNumbersField } from './chosen-numbers-field';

type FieldProps = ComponentProps<typeof ChosenNumbersField>;

const parts = onDemand(() => import('./chosen-numbers-field'));

type SectionProps =
  ({ part: 'field' } & FieldProps) | { part: 'summary'; numbers: readonly string[]; numberOfPlates: number };

export function ChosenNumbersSection(props: SectionProps) {
  const [loaded, setLoaded] = useState(() => parts.loaded());
  useEffect(() => {
    if (loaded) return;
    let isCurrent = true;
    whenReadyAndIdle(() => {
      parts.load().then(
        (module) => {
          if (isCurrent) setLoaded(module);
        },
        () => undefined, // offline before it was ever fetched: the numbers stay as chosen, and are sent
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [loaded]);
  if (!loaded) return null;
  if (props.part === 'summary')
    return <loaded.ChosenNumbersSummary numbers={props.numbers} numberOfPlates={props.numberOfPlates} />;
  const { part: _part, ...field } = props;
  return <loaded.ChosenNumbersField {...field} />;
}
