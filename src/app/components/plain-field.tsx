/**
 * Fields drawn by Chakra's own recipes (field, input, textarea, nativeSelect) on plain elements, for
 * the forms of the first loads (the roadside check, the home page's quick search, the
 * marketplace's filters, the account and contact forms). Chakra's Field, Input, Textarea
 * and NativeSelect carry Ark's field
 * machinery (ids, states, autosizing textareas): ~5 KiB those pages do without. The same
 * recipes give the same look; the label, the error or helper text and the states are tied
 * to the control here (decision 027).
 */
import {
  createRecipeContext,
  createSlotRecipeContext,
  type HTMLChakraProps,
  type InputProps,
  type TextareaProps,
} from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { type ControlProps, useFieldWiring } from './field-wiring';

export type { ControlProps } from './field-wiring';
import { ChevronDownIcon } from './icons';

const field = createSlotRecipeContext({ key: 'field' });
export const FieldRoot = field.withProvider<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'root');
export const FieldLabel = field.withContext<HTMLLabelElement, HTMLChakraProps<'label'>>('label', 'label');
export const FieldErrorText = field.withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'errorText');
export const FieldHelperText = field.withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'helperText');
export const FieldRequiredIndicator = field.withContext<HTMLSpanElement, HTMLChakraProps<'span'>>(
  'span',
  'requiredIndicator',
);

export const TextInput = createRecipeContext({ key: 'input' }).withContext<HTMLInputElement, InputProps>('input');
export const TextArea = createRecipeContext({ key: 'textarea' }).withContext<HTMLTextAreaElement, TextareaProps>(
  'textarea',
);

const select = createSlotRecipeContext({ key: 'nativeSelect' });
export const SelectRoot = select.withProvider<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'root');
export const SelectControl = select.withContext<HTMLSelectElement, HTMLChakraProps<'select'>>('select', 'field');
const StyledSelectIndicator = select.withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'indicator');

/** The select's chevron, as Chakra's NativeSelect.Indicator draws it. */
export function SelectIndicator(props: HTMLChakraProps<'div'>) {
  return (
    <StyledSelectIndicator {...props}>
      <ChevronDownIcon />
    </StyledSelectIndicator>
  );
}

interface PlainFieldProps {
  label: ReactNode;
  /** A message under the control that makes it invalid; it replaces the helper. */
  error?: string | null;
  /** The error's size, where it must read larger than the helper beside it. */
  errorFontSize?: HTMLChakraProps<'div'>['fontSize'];
  helper?: ReactNode;
  /** Marked with an asterisk beside the label, and said by the control. */
  required?: boolean;
  /** The control, given its props. */
  children: (control: ControlProps) => ReactNode;
}

/** A labelled field: the control, then its error (announced) or its helper text. */
export function PlainField({ label, error, errorFontSize, helper, required = false, children }: PlainFieldProps) {
  const { id, noteId, invalidMark, control } = useFieldWiring({ error, hasHelper: Boolean(helper), required });
  const note = error ? (
    <FieldErrorText id={noteId} aria-live="polite" fontSize={errorFontSize}>
      {error}
    </FieldErrorText>
  ) : helper ? (
    <FieldHelperText id={noteId}>{helper}</FieldHelperText>
  ) : null;
  return (
    <FieldRoot data-invalid={invalidMark}>
      <FieldLabel htmlFor={id} data-invalid={invalidMark}>
        {label}
        {required && (
          <>
            {' '}
            <FieldRequiredIndicator aria-hidden="true">*</FieldRequiredIndicator>
          </>
        )}
      </FieldLabel>
      {children(control)}
      {note}
    </FieldRoot>
  );
}

const fieldset = createSlotRecipeContext({ key: 'fieldset' });
const FieldsetRoot = fieldset.withProvider<HTMLFieldSetElement, HTMLChakraProps<'fieldset'>>('fieldset', 'root');
const FieldsetLegend = fieldset.withContext<HTMLLegendElement, HTMLChakraProps<'legend'>>('legend', 'legend');
const FieldsetHelperText = fieldset.withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'helperText');
const FieldsetContent = fieldset.withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'content');

interface PlainFieldsetProps extends Omit<HTMLChakraProps<'fieldset'>, 'children'> {
  legend: ReactNode;
  /** Said of the whole group, under its legend. */
  helper?: ReactNode;
  children: ReactNode;
}

/** A group of fields under a legend, drawn by the fieldset recipe as Chakra's Fieldset is, without Ark's. */
export function PlainFieldset({ legend, helper, children, ...rootProps }: PlainFieldsetProps) {
  const helperId = `${useId()}-helper`;
  return (
    <FieldsetRoot {...rootProps} aria-describedby={helper ? helperId : undefined}>
      <FieldsetLegend fontWeight="semibold">{legend}</FieldsetLegend>
      {helper && <FieldsetHelperText id={helperId}>{helper}</FieldsetHelperText>}
      <FieldsetContent>{children}</FieldsetContent>
    </FieldsetRoot>
  );
}
