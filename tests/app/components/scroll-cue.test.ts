/** A wide table shows which edge has more columns beyond it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrollCue } from '../../../src/app/components/scroll-cue';

describe('the scroll cue of a wide table', () => {
  it('shows more after the end of a table wider than its frame, scrolled to its start (QR System at 360 px)', () => {
    expect(scrollCue({ scrollLeft: 0, scrollWidth: 520, clientWidth: 326 })).toEqual({
      hasMoreBefore: false,
      hasMoreAfter: true,
    });
  });

  it('shows more before once scrolled to the end, and none for a table that fits', () => {
    expect(scrollCue({ scrollLeft: 194, scrollWidth: 520, clientWidth: 326 })).toEqual({
      hasMoreBefore: true,
      hasMoreAfter: false,
    });
    expect(scrollCue({ scrollLeft: 0, scrollWidth: 1000, clientWidth: 1000 })).toEqual({
      hasMoreBefore: false,
      hasMoreAfter: false,
    });
  });

  it('reads a right-to-left scroll position the same, and ignores a pixel of rounding', () => {
    expect(scrollCue({ scrollLeft: -194, scrollWidth: 520, clientWidth: 326 }).hasMoreBefore).toBe(true);
    expect(scrollCue({ scrollLeft: 193.5, scrollWidth: 520, clientWidth: 326 }).hasMoreAfter).toBe(false);
  });

  it('never hides a cue while part of the table is out of view', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 2000 }), fc.integer({ min: 0, max: 2000 }), (client, extra) => {
        const width = client + extra;
        const cue = scrollCue({ scrollLeft: 0, scrollWidth: width, clientWidth: client });
        expect(cue.hasMoreAfter).toBe(extra > 2);
        expect(cue.hasMoreBefore).toBe(false);
      }),
    );
  });
});
