import { describe, expect, it } from 'vitest';
import { checkRecordText, lusakaTime } from '#domain/police/check-record';

describe('the record of a roadside check', () => {
  it('gives the time in Lusaka (UTC+2), across midnight', () => {
    expect(lusakaTime('2026-12-06T18:43:00.000Z')).toBe('6 Dec 2026, 20:43 (Lusaka time)');
    expect(lusakaTime('2026-12-06T22:30:00.000Z')).toBe('7 Dec 2026, 00:30 (Lusaka time)');
  });

  it('names plate, verdict, time, place when given, and officer', () => {
    const record = {
      plateNumber: 'ZM-789-GHI',
      verdict: 'Stolen' as const,
      checkedAt: '2026-12-06T08:05:00.000Z',
      officer: 'Officer Banda',
    };
    expect(checkRecordText({ ...record, place: ' Kafue Road checkpoint ' })).toBe(
      [
        'Nambala roadside check',
        'Plate: ZM-789-GHI',
        'Verdict: Reported stolen',
        'Time: 6 Dec 2026, 10:05 (Lusaka time)',
        'Place: Kafue Road checkpoint',
        'Officer: Officer Banda',
      ].join('\n'),
    );
    expect(checkRecordText({ ...record, place: '  ' })).not.toContain('Place');
  });
});
