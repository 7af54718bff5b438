/**
 * State that starts from a value kept elsewhere (a choice in the address, `?tab=scan`) and
 * takes that value again whenever it changes there (Back, a link). Set here meanwhile, so
 * that a press answers in its own render: the address follows in the router's own time, a
 * transition after the page's code is checked (app-router.tsx), which on a slow phone was
 * a second (tab switch by key, 4× slowed CPU: median 533 ms through the address, 222 ms here).
 */
import { useState } from 'react';

export function useFollowedState<T>(source: T): [T, (value: T) => void] {
  const [value, setValue] = useState(source);
  const [sourceSeen, setSourceSeen] = useState(source);
  if (!Object.is(source, sourceSeen)) {
    setSourceSeen(source);
    setValue(source);
  }
  return [value, setValue];
}
