/**
 * A page model of the roadside verdict as it is read at a glance: the band and its word, what
 * to do now, sharing the check's record, and the Recent checks' time. Found by role and label
 * where the part has them; the band's word and the instruction are plain paragraphs of the
 * verdict panel (no role of their own), found by test id as the verdict panel's other lines are.
 */
import type { Locator, Page } from '@playwright/test';
import { PolicePage } from './police-page';

export class RoadsideVerdictPage extends PolicePage {
  constructor(page: Page) {
    super(page);
  }

  get startScanning(): Locator {
    return this.verification.startScanning;
  }

  get band(): Locator {
    return this.page.getByTestId('verdict-band');
  }

  get bandWord(): Locator {
    return this.page.getByTestId('verdict-word');
  }

  get instruction(): Locator {
    return this.page.getByTestId('verdict-instruction');
  }

  get place(): Locator {
    return this.page.getByRole('textbox', { name: 'Place (optional)' });
  }

  get shareRecord(): Locator {
    return this.page.getByRole('button', { name: 'Share record' });
  }

  /** The Time cells of Recent checks. */
  get checkTimes(): Locator {
    return this.recentChecks.getByTestId('check-time');
  }

  /** How many Time cells of Recent checks reach past the table's visible width (cut off, or only seen by scrolling). */
  timesCutOff(): Promise<number> {
    return this.checkTimes.evaluateAll(
      (cells) =>
        cells.filter((cell) => {
          let box = cell.parentElement;
          while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
          const visible = (box ?? document.documentElement).getBoundingClientRect();
          return cell.getBoundingClientRect().right > Math.min(visible.right, window.innerWidth) + 0.5;
        }).length,
    );
  }

  /** The band word's size in px and its contrast with the band, from the computed styles. */
  bandWordLook(): Promise<{ fontPx: number; contrast: number }> {
    return this.bandWord.evaluate((word) => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (value: string) => {
        const [r = 0, g = 0, b = 0] = rgb(value).map((channel) => {
          const c = channel / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const fg = luminance(getComputedStyle(word).color);
      const bg = luminance(getComputedStyle(word.parentElement as Element).backgroundColor);
      return {
        fontPx: parseFloat(getComputedStyle(word).fontSize),
        contrast: (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05),
      };
    });
  }

  /** From now on, notes whether the verdict leaves the page (read with verdictWasCleared). */
  watchForClearing(): Promise<void> {
    return this.page.evaluate(() => {
      const seen = window as unknown as { verdictCleared?: boolean };
      seen.verdictCleared = false;
      new MutationObserver(() => {
        if (!document.querySelector('[data-testid="verification-result"]')) seen.verdictCleared = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
  }

  verdictWasCleared(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { verdictCleared?: boolean }).verdictCleared === true);
  }

  /** Makes the Web Share API keep what it is given (read with sharedRecords), before the page loads. */
  static async captureShares(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      (window as unknown as { sharedRecords: ShareData[] }).sharedRecords = shared;
      Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void shared.push(data) });
      Object.defineProperty(navigator, 'canShare', { value: () => true });
    });
  }

  sharedRecords(): Promise<ShareData[]> {
    return this.page.evaluate(() => (window as unknown as { sharedRecords: ShareData[] }).sharedRecords);
  }
}
