/**
 * The personal data access log from the server (GET /api/admin/access-log): online only, and
 * never kept on the device, since every row names who looked at whose plate. The CSV is a
 * file the server streams; the browser saves it straight from its address. The daily lookup
 * threshold is read and changed online too: it must be in force on the server when it is said to be.
 */
import type { LookupThreshold } from '#domain/privacy/personal-data-access';
import type { AccessLogPage, LookupThresholdAnswer, Reader, ReadersAnswer } from '#domain/api/access-log';
import { apiRequest, type ApiErrorBody, NetworkError } from '../../api/api-client';
import { refusalReason, runCommand } from '../../api/command';

export const ACCESS_LOG_NEEDS_CONNECTION =
  'The access log is read from the server and is not kept on this device. Connect to the network to read it.';
export const ACCESS_LOG_SHOWN_OFFLINE =
  'This device is offline. The rows below were read before it went offline and are gone when this page is closed: the access log is not kept on this device.';
export const THRESHOLD_NEEDS_CONNECTION =
  'Changing the threshold needs a connection. Nothing was changed; try again when you are back online.';

export interface AccessLogQuery {
  officerId: string;
  plateNumber: string;
}

export type { AccessLogPage, Reader };

export type Answer<T> = { ok: true; value: T } | { ok: false; isOffline: boolean; message: string };

function queryString(query: AccessLogQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (query.officerId) params.set('officerId', query.officerId);
  if (query.plateNumber.trim()) params.set('plateNumber', query.plateNumber.trim());
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function read<T>(path: string, signal?: AbortSignal): Promise<Answer<T>> {
  try {
    const result = await apiRequest<T & ApiErrorBody>('GET', path, undefined, signal);
    if (result.ok) return { ok: true, value: result.body };
    const field = Object.values(result.body?.fields ?? {})[0];
    return {
      ok: false,
      isOffline: false,
      message: field ?? result.body?.message ?? `The server answered ${result.status}.`,
    };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, isOffline: true, message: ACCESS_LOG_NEEDS_CONNECTION };
    throw error;
  }
}

export const fetchAccessLog = (
  query: AccessLogQuery,
  before: string | null,
  signal?: AbortSignal,
): Promise<Answer<AccessLogPage>> =>
  read<AccessLogPage>(`/api/admin/access-log${queryString(query, before ? { before } : {})}`, signal);

export const fetchReaders = async (signal?: AbortSignal): Promise<Answer<Reader[]>> => {
  const answer = await read<ReadersAnswer>('/api/admin/access-log/officers', signal);
  return answer.ok ? { ok: true, value: answer.value.officers } : answer;
};

/** Where the browser downloads the filtered log as CSV (administrators only; the session cookie goes with it). */
export const accessLogCsvUrl = (query: AccessLogQuery): string =>
  `/api/admin/access-log/export.csv${queryString(query)}`;

export const fetchLookupThreshold = async (signal?: AbortSignal): Promise<Answer<LookupThreshold>> => {
  const answer = await read<LookupThresholdAnswer>('/api/admin/settings/lookup-threshold', signal);
  return answer.ok ? { ok: true, value: answer.value.settings } : answer;
};

export async function saveLookupThreshold(settings: LookupThreshold): Promise<Answer<LookupThreshold>> {
  const outcome = await runCommand<LookupThresholdAnswer & ApiErrorBody>({
    method: 'PUT',
    path: '/api/admin/settings/lookup-threshold',
    body: settings,
  });
  if (outcome.status === 'applied') return { ok: true, value: outcome.value.settings };
  if (outcome.status === 'needs-connection') return { ok: false, isOffline: true, message: THRESHOLD_NEEDS_CONNECTION };
  return { ok: false, isOffline: false, message: outcome.fields.dailyLookups ?? refusalReason(outcome) };
}
