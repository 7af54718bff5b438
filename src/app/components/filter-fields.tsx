/**
 * The fields above a filtered list (marketplace, users, plate requests): a search box with
 * its magnifier, and a select whose first choice is "all". Each has a label, shown or for
 * screen readers only.
 *
 * They are plain elements, the label tied to its control by id, styled at build time with
 * Chakra's own field, input and nativeSelect recipes (filter-fields.styles.tsx, decisions 027
 * and 039): the marketplace's first view draws them without Chakra, and so do the dashboards.
 */
import { type ReactNode, useId } from 'react';
import { CHEVRON_DOWN_DRAWING, SEARCH_DRAWING } from './icon-drawings';
import { PlainIcon } from './plain-icon';
import { staticClasses } from '../theme/static-styles';
import type { filterFieldsStyles } from './filter-fields.styles';

const cls = staticClasses<typeof filterFieldsStyles>('filter-fields');

/**
 * The search box's least width (Chakra's sizes): the whole row on a phone and 56 from `sm` up, for
 * 'full-56'; the whole row always, for 'full' (a search above a list of its own, not in a toolbar).
 */
export type SearchWidth = '48' | '56' | 'full-56' | 'full';

const SEARCH_ROOT = {
  '48': cls('search'),
  '56': cls('searchWide'),
  'full-56': cls('searchFullThenWide'),
  full: cls('searchFull'),
} satisfies Record<SearchWidth, string>;

/**
 * A select's width (Chakra's sizes): 'full-44' is the whole row on a phone and 44 from `sm` up;
 * '48-56' is 48 on a phone and 56 from `sm` up. Without one, the select is as wide as its place.
 */
export type SelectWidth = 'full-44' | 'full-48' | 'full-52' | '48-56';

const SELECT_ROOT = {
  'full-44': cls('selectFullThen44'),
  'full-48': cls('selectFullThen48'),
  'full-52': cls('selectFullThen52'),
  '48-56': cls('select48Then56'),
} satisfies Record<SelectWidth, string>;

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  minW?: SearchWidth;
}

export function SearchField({ label, placeholder, value, onChange, maxLength, minW = '48' }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={SEARCH_ROOT[minW]}>
      <label htmlFor={id} className={cls('hiddenLabel')}>
        {label}
      </label>
      <div className={cls('searchBox')}>
        <PlainIcon drawing={SEARCH_DRAWING} className={cls('searchIcon')} />
        <input
          id={id}
          className={cls('searchInput')}
          type="search"
          placeholder={placeholder}
          value={value}
          maxLength={maxLength}
          // A filter, not a form: the browser's remembered entries would cover the list it filters.
          autoComplete="off"
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </div>
    </div>
  );
}

interface PlainSelectProps {
  label: string;
  /** The label is read by screen readers only. */
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  w?: SelectWidth;
  /** The <option> elements. */
  children: ReactNode;
}

/** A labelled native select in Chakra's look. */
export function PlainSelect({ label, hideLabel = false, value, onChange, w, children }: PlainSelectProps) {
  const id = useId();
  return (
    <div className={w === undefined ? cls('select') : SELECT_ROOT[w]}>
      <label htmlFor={id} className={cls(hideLabel ? 'hiddenLabel' : 'label')}>
        {label}
      </label>
      <div className={cls('selectBox')}>
        <select
          id={id}
          className={cls('selectControl')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          {children}
        </select>
        <div className={cls('selectIndicator')}>
          <PlainIcon drawing={CHEVRON_DOWN_DRAWING} className={cls('chevron')} />
        </div>
      </div>
    </div>
  );
}

interface FilterSelectProps<Value extends string> {
  label: string;
  /** The label is read by screen readers only (the select's first option says enough). */
  hideLabel?: boolean;
  /** The first option's text, for "all" (spec wording: 'All Types', 'All Status'…). */
  allLabel: string;
  options: readonly Value[];
  optionLabel?: (value: Value) => string;
  /** The current choice: 'all' or one of the options. */
  value: string;
  onChange: (value: Value | 'all') => void;
  w?: SelectWidth;
}

export function FilterSelect<Value extends string>({
  label,
  hideLabel = false,
  allLabel,
  options,
  optionLabel = (value) => value,
  value,
  onChange,
  w,
}: FilterSelectProps<Value>) {
  return (
    <PlainSelect
      label={label}
      hideLabel={hideLabel}
      value={value}
      w={w}
      onChange={(chosen) => onChange(options.find((option) => option === chosen) ?? 'all')}
    >
      <option value="all">{allLabel}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </PlainSelect>
  );
}
