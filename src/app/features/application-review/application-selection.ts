/**
 * The Plate Requests table's selection: the ticked requests that are on screen. A request
 * hidden by the search or the status filter is never acted on by a bulk decision, so the
 * administrator only ever decides what they can see.
 */
export type SelectAllState = boolean | 'indeterminate';

/** The ticked ids among those shown, in the order shown. */
export function visibleSelection(shownIds: readonly string[], selected: ReadonlySet<string>): string[] {
  return shownIds.filter((id) => selected.has(id));
}

/** The select-all box: ticked when every shown request is, half-ticked when some are, empty otherwise (or when none is shown). */
export function selectAllState(shownIds: readonly string[], selected: ReadonlySet<string>): SelectAllState {
  const count = visibleSelection(shownIds, selected).length;
  if (count === 0) return false;
  return count === shownIds.length ? true : 'indeterminate';
}

/** Ticking select-all selects every shown request; unticking it clears them. */
export function toggleAll(shownIds: readonly string[], selected: ReadonlySet<string>, isChecked: boolean): Set<string> {
  const next = new Set(selected);
  for (const id of shownIds) {
    if (isChecked) next.add(id);
    else next.delete(id);
  }
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, id: string, isChecked: boolean): Set<string> {
  const next = new Set(selected);
  if (isChecked) next.add(id);
  else next.delete(id);
  return next;
}
