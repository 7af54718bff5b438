import { describe, expect, it } from 'vitest';
import { hasUnsavedWork, holdUnsavedWork } from '../../../src/app/pwa/unsaved-work';

/** A page's window as far as leaving it goes: its beforeunload listeners, and one attempt to leave. */
function page() {
  const listeners = new Set<EventListenerOrEventListenerObject>();
  return {
    addEventListener: (type: string, listener: EventListenerOrEventListenerObject) =>
      type === 'beforeunload' && listeners.add(listener),
    removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) =>
      type === 'beforeunload' && listeners.delete(listener),
    /** How many times leaving asks the user. */
    leave(): number {
      let asked = 0;
      const event = { preventDefault: () => (asked += 1) } as unknown as Event;
      for (const listener of listeners) (typeof listener === 'function' ? listener : listener.handleEvent)(event);
      return asked;
    },
  };
}

describe('unsaved work', () => {
  it('asks once before the page is left, however many forms hold input (a reload warned twice)', () => {
    const window = page();
    const releaseLogin = holdUnsavedWork(window);
    const releaseSignup = holdUnsavedWork(window);
    expect(hasUnsavedWork()).toBe(true);
    expect(window.leave()).toBe(1);
    releaseLogin();
    expect(window.leave()).toBe(1);
    releaseSignup();
    // A release called twice (an effect cleaned up again) changes nothing.
    releaseSignup();
    expect(window.leave()).toBe(0);
    expect(hasUnsavedWork()).toBe(false);
  });
});
