/**
 * Scroll positions across navigations: a new page opens at its top (or at the
 * element its #hash names); back and forward return to where the reader was, also
 * after a reload of the tab (kept in sessionStorage, per history entry).
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'nambala.scroll-positions';
const MAX_ENTRIES = 100;

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

let positions: Map<string, number> | undefined;

function remember(key: string, y: number): void {
  positions ??= readPositions();
  positions.delete(key);
  positions.set(key, y);
  // The oldest entries go first: the map keeps insertion order.
  for (const old of positions.keys()) {
    if (positions.size <= MAX_ENTRIES) break;
    positions.delete(old);
  }
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => {
      if (positions) sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useLayoutEffect(() => {
    positions ??= readPositions();
    const saved = positions.get(location.key);
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
    const key = location.key;
    return () => remember(key, window.scrollY);
  }, [location.key, location.hash, navigationType]);

  return null;
}
