// The administrator's Settings page as the server renderer draws it: the prices as known,
// each field labelled with its unit, saving needing a connection.
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING } from '../../../../src/domain/pricing/pricing';
import { kwacha } from '../../../../src/domain/money/money';
import type { KnownPricing } from '../../../../src/app/payments/pricing-settings';
import { AdminSettingsPage } from '../../../../src/app/features/admin-settings/admin-settings-page';
import { appSystem } from '../../../../src/app/theme/system';

const state = vi.hoisted(() => ({ known: undefined as KnownPricing | undefined, isOnline: true }));
vi.mock('../../../../src/app/payments/pricing-settings', () => ({
  usePricingSettings: () => state.known,
  refreshPricingSettings: async () => state.known,
}));
vi.mock('../../../../src/app/components/use-online-status', () => ({ useOnlineStatus: () => state.isOnline }));

function renderedHtml(): string {
  return renderToString(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter>
        <AdminSettingsPage />
      </MemoryRouter>
    </ChakraProvider>,
  );
}
const text = () =>
  renderedHtml()
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

beforeEach(() => {
  state.known = { settings: DEFAULT_PRICING, updatedAt: null, source: 'server' };
  state.isOnline = true;
});

describe('AdminSettingsPage', () => {
  it('fills every price and fee from the settings in force, in kwacha, percent, days and years', () => {
    state.known = {
      settings: { ...DEFAULT_PRICING, platePrice: kwacha(350.5) },
      updatedAt: '2026-11-20T08:00:00.000Z',
      source: 'server',
    };
    const html = renderedHtml();
    expect(html).toMatch(/name="platePrice"[^>]*value="350.50"|value="350.50"[^>]*name="platePrice"/);
    expect(html).toMatch(/name="card"[^>]*value="3"|value="3"[^>]*name="card"/);
    expect(html).toMatch(/name="reservationDays"[^>]*value="7"|value="7"[^>]*name="reservationDays"/);
    const shown = text();
    expect(shown).toContain('In force since 20 Nov 2026');
    for (const label of [
      'Plate price',
      'Processing fee',
      'Gateway fee, MTN Mobile Money',
      'Gateway fee, Bank Transfer',
      'Reservation fee',
      'Reservation length',
      'Plate validity',
      'Renewal fee',
    ])
      expect(shown).toContain(label);
    expect(shown).toContain('History of Changes');
  });

  it('keeps Save disabled until something changes, and offline says a connection is needed', () => {
    expect(renderedHtml()).toMatch(/<button[^>]*type="submit"[^>]*disabled[^>]*>/);
    state.isOnline = false;
    const shown = text();
    expect(shown).toContain('Changing them needs a connection');
    expect(shown).toContain('The history of changes is shown when this device is online.');
  });
});
