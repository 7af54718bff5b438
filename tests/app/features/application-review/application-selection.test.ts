import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  selectAllState,
  toggleAll,
  toggleOne,
  visibleSelection,
} from '../../../../src/app/features/application-review/application-selection';

describe('the Plate Requests selection', () => {
  it('acts only on ticked requests that are shown, in the order shown', () => {
    const selected = new Set(['REQ-003', 'REQ-001', 'REQ-009']);
    expect(visibleSelection(['REQ-001', 'REQ-002', 'REQ-003'], selected)).toEqual(['REQ-001', 'REQ-003']);
  });

  it('shows select-all empty, half-ticked or ticked by how many shown requests are ticked', () => {
    const shown = ['REQ-001', 'REQ-002'];
    expect(selectAllState(shown, new Set())).toBe(false);
    expect(selectAllState(shown, new Set(['REQ-002']))).toBe('indeterminate');
    expect(selectAllState(shown, new Set(['REQ-001', 'REQ-002', 'REQ-007']))).toBe(true);
    expect(selectAllState([], new Set(['REQ-001']))).toBe(false);
  });

  it('ticks every shown request with select-all and clears them again, leaving hidden ones as they were', () => {
    const hidden = new Set(['REQ-009']);
    const all = toggleAll(['REQ-001', 'REQ-002'], hidden, true);
    expect([...all].sort()).toEqual(['REQ-001', 'REQ-002', 'REQ-009']);
    expect([...toggleAll(['REQ-001', 'REQ-002'], all, false)]).toEqual(['REQ-009']);
  });

  it('ticks and unticks one request without changing the set it was given', () => {
    const before = new Set(['REQ-001']);
    expect([...toggleOne(before, 'REQ-002', true)]).toEqual(['REQ-001', 'REQ-002']);
    expect([...toggleOne(before, 'REQ-001', false)]).toEqual([]);
    expect([...before]).toEqual(['REQ-001']);
  });

  it('after select-all, select-all reads ticked for any list shown', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1 }),
        fc.array(fc.string()),
        (shown, earlier) => {
          expect(selectAllState(shown, toggleAll(shown, new Set(earlier), true))).toBe(true);
          expect(selectAllState(shown, toggleAll(shown, new Set(earlier), false))).toBe(false);
        },
      ),
    );
  });
});
