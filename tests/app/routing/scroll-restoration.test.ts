/** Where a page is scrolled when shown: at its top when opened anew, where it was left on a return. */
import { describe, expect, it } from 'vitest';
import { keyTheEntry, scrollOnArrival } from '../../../src/app/routing/scroll-restoration';

const shown = { saved: undefined, hasHashTarget: false } as const;

describe('scroll on arrival', () => {
  it('opens a page reached by address, bookmark or outside link at its top, whatever the tab had saved', () => {
    expect(
      scrollOnArrival({ ...shown, navigationType: 'POP', isDocumentLoad: true, arrival: 'navigate', saved: 422 }),
    ).toEqual({ kind: 'top' });
  });

  it('returns to the saved position after a reload, and on Back or Forward within the app or across documents', () => {
    for (const arrival of ['reload', 'back_forward'] as const)
      expect(scrollOnArrival({ ...shown, navigationType: 'POP', isDocumentLoad: true, arrival, saved: 900 })).toEqual({
        kind: 'restore',
        y: 900,
      });
    expect(
      scrollOnArrival({ ...shown, navigationType: 'POP', isDocumentLoad: false, arrival: 'navigate', saved: 300 }),
    ).toEqual({ kind: 'restore', y: 300 });
  });

  it('opens a link within the app at the top, or at the element its #hash names', () => {
    expect(scrollOnArrival({ ...shown, navigationType: 'PUSH', isDocumentLoad: false, arrival: 'navigate' })).toEqual({
      kind: 'top',
    });
    expect(
      scrollOnArrival({
        ...shown,
        navigationType: 'PUSH',
        isDocumentLoad: false,
        arrival: 'navigate',
        hasHashTarget: true,
        saved: 50,
      }),
    ).toEqual({ kind: 'hash' });
    expect(
      scrollOnArrival({
        ...shown,
        navigationType: 'POP',
        isDocumentLoad: true,
        arrival: 'navigate',
        hasHashTarget: true,
      }),
    ).toEqual({ kind: 'hash' });
  });
});

describe('the history entry’s key', () => {
  function fakeHistory(state: unknown) {
    const entry = {
      state,
      replaceState(data: unknown) {
        entry.state = data;
      },
    };
    return entry;
  }

  it('gives a page opened by address a key of its own, keeping what the entry held', () => {
    const first = fakeHistory(null);
    expect(keyTheEntry(first, () => 'k1')).toBe('k1');
    expect(first.state).toEqual({ key: 'k1' });
    const shared = fakeHistory({ key: 'default', idx: 0 });
    expect(keyTheEntry(shared, () => 'k2')).toBe('k2');
    expect(shared.state).toEqual({ key: 'k2', idx: 0 });
  });

  it('keeps the key an entry already has (a reload, Back into the document)', () => {
    const entry = fakeHistory({ key: 'abc', idx: 3, usr: null });
    expect(keyTheEntry(entry, () => 'new')).toBe('abc');
    expect(entry.state).toEqual({ key: 'abc', idx: 3, usr: null });
  });
});
