/**
 * Manual Entry: one plate-number field, upper-cased, at most 10 characters; blank gives the spec's message.
 * Styled at build time (plate-check.styles.tsx, decision 039): the roadside check's
 * first view draws without Chakra.
 */
import {
  PLATE_NUMBER_MAX_LENGTH,
  PLATE_NUMBER_REQUIRED,
  normalisePlateInput,
  parsePlateNumber,
} from '#domain/plates/plate-number';
import { useRef, useState } from 'react';
import { useFieldWiring } from '../components/field-wiring';
import { SEARCH_DRAWING } from '../components/icon-drawings';
import { PlainIcon } from '../components/plain-icon';
import { staticClasses } from '../theme/static-styles';
import type { plateCheckStyles } from './plate-check.styles';

const cls = staticClasses<typeof plateCheckStyles>('plate-check');

export function ManualEntryForm({
  initial = '',
  isChecking,
  onVerify,
  helper,
}: {
  initial?: string;
  isChecking: boolean;
  onVerify: (plateNumber: string) => void;
  helper?: string;
}) {
  const [plate, setPlate] = useState(() => normalisePlateInput(initial));
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { id, noteId, invalidMark, control } = useFieldWiring({ error, hasHelper: Boolean(helper) });

  const submit = () => {
    if (plate.trim() === '') {
      setError(PLATE_NUMBER_REQUIRED);
      input.current?.focus();
      return;
    }
    const parsed = parsePlateNumber(plate);
    if (!parsed.ok) {
      setError(parsed.error);
      input.current?.focus();
      return;
    }
    onVerify(parsed.value);
  };

  // The error replaces the helper, and is announced.
  const note = error ? (
    <div id={noteId} aria-live="polite" className={cls('error')}>
      {error}
    </div>
  ) : helper ? (
    <div id={noteId} className={cls('helper')}>
      {helper}
    </div>
  ) : null;
  const isBlank = plate.trim() === '';

  return (
    <form
      noValidate
      // Enter pressed before the app has started sends the number at once (verdict-request.ts).
      data-plate-check=""
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className={cls('stack')}>
        <div className={cls('field')} data-invalid={invalidMark}>
          <label htmlFor={id} className={cls('label')} data-invalid={invalidMark}>
            Plate Number
          </label>
          <input
            {...control}
            ref={input}
            value={plate}
            maxLength={PLATE_NUMBER_MAX_LENGTH}
            placeholder="ZM-001-ABC"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="go"
            className={cls('input')}
            onChange={(event) => {
              setPlate(normalisePlateInput(event.currentTarget.value));
              setError(null);
            }}
            // The button is disabled while the field is blank, which also stops Enter from
            // submitting; Enter still gets an answer: the spec's message.
            onKeyDown={(event) => {
              if (event.key === 'Enter' && isBlank) {
                event.preventDefault();
                submit();
              }
            }}
          />
          {note}
        </div>
        {/* Drawn as Chakra's Button draws one that is loading: its spinner and text in place of the label. */}
        <button
          type="submit"
          className={cls('button')}
          data-loading={isChecking ? '' : undefined}
          disabled={isBlank || isChecking}
        >
          {isChecking ? (
            <span className={cls('loading')}>
              <span className={cls('spinner')} />
              Verifying...
            </span>
          ) : (
            <>
              <PlainIcon drawing={SEARCH_DRAWING} className={cls('buttonIcon')} /> Verify Plate
            </>
          )}
        </button>
      </div>
    </form>
  );
}
