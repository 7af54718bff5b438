import { describe, expect, it } from 'vitest';
import { logFormatFor } from '../../src/server/config';

describe('the log format', () => {
  it('is readable at a terminal and JSON lines anywhere else, unless LOG_FORMAT says', () => {
    expect(logFormatFor(undefined, true)).toBe('pretty');
    expect(logFormatFor(undefined, false)).toBe('json');
    expect(logFormatFor(undefined, undefined)).toBe('json');
    expect(logFormatFor('json', true)).toBe('json');
    expect(logFormatFor(' Pretty ', false)).toBe('pretty');
    expect(logFormatFor('xml', true)).toBe('pretty');
  });
});
