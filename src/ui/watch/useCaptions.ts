/**
 * The captions of the round as the board has shown it (the shown prefix of the event log), so a
 * caption never tells a move before its ball has landed. Recomputed only when that prefix changes,
 * or the page's language: the captions already shown are said again in the new one.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roundCaptions, type RoundCaptions } from '../../app/watch/captions';
import { useSession } from '../../app/page/pageSession';

export function useCaptions(): RoundCaptions {
  const events = useSession((s) => s.snapshot.events);
  const count = useSession((s) => s.shown.count);
  const { i18n } = useTranslation();
  const language = i18n.language;
  // The language is no input of the captions' own, but they are worded in it (i18next's t).
  return useMemo(() => roundCaptions(events.slice(0, count)), [events, count, language]);
}
