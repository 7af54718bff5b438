// A record's sync state is shown only where it is not synced: a "Synced" chip on every row of
// every list was noise; saved-on-this-device and refused records still say so.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SyncStateBadge } from '../../../src/app/components/sync-state-badge';
import type { SyncState } from '../../../src/app/store/database';
import { appSystem } from '../../../src/app/theme/system';

const shown = (state: SyncState | undefined) =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <SyncStateBadge state={state} />
    </ChakraProvider>,
  )
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '');

describe('a record’s sync state', () => {
  it('says nothing for a synced record', () => {
    expect(shown('synced')).toBe('');
    expect(shown(undefined)).toBe('');
  });

  it('says when a record is only on this device, or was refused', () => {
    expect(shown('pending')).toBe('Saved on this device');
    expect(shown('rejected')).toBe('Needs attention');
  });
});
