// What the System Dashboard and Reports say above figures fetched from the server and kept
// on the device, in each state: offline with and without a copy, a failed fetch, a newer
// copy coming, and nothing to say.
import { ChakraProvider } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FetchedFreshness } from '../../../src/app/components/fetched-freshness';
import { appSystem } from '../../../src/app/theme/system';

const FETCHED_AT = Date.parse('2026-11-24T10:00:00.000Z');
type Props = ComponentProps<typeof FetchedFreshness>;
const base: Props = { what: 'report', fetchedAt: FETCHED_AT, isOnline: true, isFetching: false, failure: null };

function said(props: Partial<Props>): string {
  const html = renderToString(
    <ChakraProvider value={appSystem()}>
      <FetchedFreshness {...base} {...props} />
    </ChakraProvider>,
  );
  return html
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");
}

describe('FetchedFreshness', () => {
  it('offline, says when the copy shown was fetched, naming what it is', () => {
    expect(said({ isOnline: false, what: 'dashboard' })).toMatch(
      /^This device is offline: the dashboard is shown as of 24 Nov 2026, \d\d:00, when it was last fetched\./,
    );
  });

  it('offline with no copy, says that it is shown once online', () => {
    expect(said({ isOnline: false, fetchedAt: null })).toBe(
      'This device is offline and has not fetched this report yet. It is shown when this device is back online.',
    );
  });

  it('after a failed fetch, gives the reason and the age of the figures shown', () => {
    expect(said({ failure: 'The server could not be reached.' })).toMatch(
      /^The server could not be reached\. The figures shown are as of 24 Nov 2026, \d\d:00\.$/,
    );
    expect(said({ failure: 'The server could not be reached.', fetchedAt: null })).toBe(
      'The server could not be reached.',
    );
  });

  it('while a newer copy is fetched over one shown, says so; with nothing shown yet or nothing fetching, says nothing', () => {
    expect(said({ isFetching: true })).toMatch(/^Updating… figures shown as of 24 Nov 2026, \d\d:00\.$/);
    expect(said({ isFetching: true, fetchedAt: null })).toBe('');
    expect(said({})).toBe('');
  });
});
