/** The time now, refreshed every `every` ms while `active` (clocks and thinking times). */
import { useEffect, useState } from 'react';

export function useNow(active: boolean, every = 200): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now()); // not the time of the last tick, which may be long ago
    const id = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(id);
  }, [active, every]);
  return now;
}
