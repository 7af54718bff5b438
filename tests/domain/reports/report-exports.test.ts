import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '#domain/fleet/fleet-csv';
import {
  exportFileName,
  exportHeader,
  exportPeriodRange,
  exportQuerySchema,
  logExportLine,
  userExportLine,
} from '#domain/reports/report-exports';
import { documentCsv, type ReportDocument } from '#domain/reports/report-document';

const NOW = new Date('2026-11-24T10:00:00.000Z');

describe('streamed export queries', () => {
  it('defaults to the last 30 days and takes every report period or all', () => {
    expect(exportQuerySchema.parse({})).toEqual({ period: 'last30days' });
    expect(exportQuerySchema.parse({ period: 'all' })).toEqual({ period: 'all' });
    expect(exportQuerySchema.safeParse({ period: 'ever' }).error?.issues[0]?.message).toBe(
      'Choose a period: last7days, last30days, last3months, last6months, lastyear, all.',
    );
  });

  it('covers the report period, or everything before now for all', () => {
    expect(exportPeriodRange('last7days', NOW)).toEqual({ from: new Date('2026-11-17T10:00:00.000Z'), to: NOW });
    expect(exportPeriodRange('lastyear', NOW).from.toISOString()).toBe('2025-11-24T10:00:00.000Z');
    expect(exportPeriodRange('all', NOW)).toEqual({ from: new Date(0), to: NOW });
  });

  it('names the file with what it holds, its period and the day', () => {
    expect(exportFileName('users', 'last3months', NOW)).toBe('nambala-users-last3months-2026-11-24.csv');
    expect(exportFileName('logs', 'all', NOW)).toBe('nambala-system-logs-all-2026-11-24.csv');
  });
});

describe('streamed export lines', () => {
  it('starts the file with a byte order mark and the header row', () => {
    expect(exportHeader('users')).toBe('\uFEFFUser ID,Name,Email,Type,Status,Created,Last Active\r\n');
    expect(exportHeader('logs')).toBe('\uFEFFLevel,Message,Module,Timestamp\r\n');
  });

  it('writes one RFC 4180 line per row, an unknown last-active time as an empty cell', () => {
    expect(
      userExportLine({
        id: 'USR-001',
        name: 'Banda, Mwila',
        email: 'm@x.zm',
        type: 'Customer',
        status: 'Active',
        createdAt: '2026-11-01T00:00:00.000Z',
        lastActiveAt: null,
      }),
    ).toBe('USR-001,"Banda, Mwila",m@x.zm,Customer,Active,2026-11-01 02:00 CAT,\r\n');
    expect(
      logExportLine({
        id: 'log-1',
        level: 'ERROR',
        message: 'said "no"',
        module: 'sync',
        at: '2026-11-01T00:00:00.000Z',
      }),
    ).toBe('ERROR,"said ""no""",sync,2026-11-01 02:00 CAT\r\n');
  });

  it('reads back as written for any name, however it is punctuated or spelled', () => {
    const name = fc
      .string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r\n', 'é', 'Ł', '木', '1') })
      .filter((value) => !/^[=+\-@\t\r]/.test(value));
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 20 }), (names) => {
        const text =
          exportHeader('users') +
          names
            .map((value, index) =>
              userExportLine({
                id: `USR-${index}`,
                name: value,
                email: 'e@x.zm',
                type: 'Customer',
                status: 'Active',
                createdAt: 'c',
                lastActiveAt: 'l',
              }),
            )
            .join('');
        const records = parseCsv(text);
        expect(records.slice(1).map((record) => record.fields[1])).toEqual(names);
        expect(records.every((record) => record.fields.length === 7 && record.problem === undefined)).toBe(true);
      }),
    );
  });
});

describe('report documents as CSV', () => {
  it('writes the title line, the heading pairs, then each table after a blank line', () => {
    const document: ReportDocument = {
      title: 'T',
      subtitle: 'S',
      heading: [['Period', 'P']],
      tables: [
        [
          ['A', 'B'],
          [1, 'x'],
        ],
        [['C']],
      ],
      baseName: 'f',
    };
    expect(documentCsv(document)).toBe('\uFEFFT,S\r\nPeriod,P\r\n\r\nA,B\r\n1,x\r\n\r\nC\r\n');
  });
});
