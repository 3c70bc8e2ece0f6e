/** The latest of a kind of the room's messages, said for a while. */
import { useEffect, useState } from 'react';

/** How long a resignation's notice stays (ms): long enough to read. */
const NOTICE_MS = 8000;

/** The latest of a kind of the room's messages, said for a while. */
export function LatestNotice<M extends { id: number }>({ latest, text, testId }: { latest: M | null; text: (message: M) => string; testId: string }) {
  const [shown, setShown] = useState<M | null>(null);
  useEffect(() => {
    if (!latest) return;
    setShown(latest);
    const timer = setTimeout(() => setShown(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [latest]);
  if (!shown) return null;
  return (
    <div className="online-banner panel" role="status" data-testid={testId}>
      {text(shown)}
    </div>
  );
}
