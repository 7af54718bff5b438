/**
 * The marketplace's filter panel. Beside the plates on a wide screen; on a phone it folds away
 * behind a Filters button (saying how many filters are on) in the row with the sort, so the
 * first plate is on the first screen rather than under a slider, two selects and a checkbox.
 * Styled at build time (marketplace-page.styles.tsx, decision 039).
 */
import type { ReactNode } from 'react';
import { staticClasses } from '../../theme/static-styles';
import type { marketplaceStyles } from './marketplace-page.styles';

const cls = staticClasses<typeof marketplaceStyles>('marketplace');

/** The phone's Filters button; hidden where the panel is always shown. */
export function FiltersToggle({
  isOpen,
  activeFilters,
  panelId,
  onToggle,
}: {
  isOpen: boolean;
  /** Filters that narrow the list now (the search apart). */
  activeFilters: number;
  panelId: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={cls('filtersToggle')}
      aria-expanded={isOpen}
      aria-controls={panelId}
      onClick={onToggle}
    >
      {activeFilters > 0 ? `Filters (${activeFilters})` : 'Filters'}
    </button>
  );
}

interface FiltersPanelProps {
  id: string;
  /** On a phone: shown only when the Filters button has opened it. */
  isOpen: boolean;
  onClear: () => void;
  children: ReactNode;
}

export function FiltersPanel({ id, isOpen, onClear, children }: FiltersPanelProps) {
  return (
    <div className={cls(isOpen ? 'filtersPlaceOpen' : 'filtersPlace')}>
      <aside id={id} aria-label="Filters" className={cls('filters')}>
        <div className={cls('filtersBody')}>
          <div className={cls('filtersStack')}>
            <h2 className={cls('filtersHeading')}>Filters</h2>
            {children}
            <button type="button" className={cls('clearFilters')} onClick={onClear}>
              Clear All Filters
            </button>
          </div>
        </div>
      </aside>
    </div>
  );
}
