/**
 * Online play's texts that the app layer words (the server's refusals, failures to get into a
 * room, link problems): the online namespace. The server speaks English; the page words its
 * refusals by their codes (docs/online.md) and shows the server's own words only on an English page.
 */
import { ERROR_CODES, type ErrorMessage, JOIN_CODES } from '../../wire/contractCodes';
import { currentLanguage, t } from '../../i18n/index';
import type { Failure } from './onlineRoom';

const known = (codes: readonly string[], code: unknown): code is string => typeof code === 'string' && codes.includes(code);

/** Failures that say what went wrong with the connection, not what the server refused. */
const CONNECTION_FAILURES: readonly Failure['kind'][] = ['unknownRoom', 'serverDown', 'lost', 'closed', 'faulted'];

export const onlineTexts = {
  /** A message the server refused: what it means for the player, in their language (a code the page does not know: a generic sentence). */
  refusal: (error: Pick<ErrorMessage, 'code'>) => (known(ERROR_CODES, error.code) ? t(`online:refused.${error.code}`) : t('online:refused.other')),
  /** Why the page is not in the room: the refused create or join by its code, else the kind of failure. */
  failure: (failure: Pick<Failure, 'kind' | 'code'>, server: string) =>
    !CONNECTION_FAILURES.includes(failure.kind) && known(JOIN_CODES, failure.code) ? t(`online:joinRefused.${failure.code}`) : t(`online:failure.${failure.kind}`, { server }),
  /** The server's or the network's own words (English), for the curious: on an English page only, null otherwise. */
  failureDetail: (failure: Pick<Failure, 'detail'>) => (failure.detail && currentLanguage() === 'en' ? t('online:detail', { detail: failure.detail }) : null),
  urlProblem: (problem: { key: 'badRoom' | 'badServer'; value: string }) => t(`online:${problem.key}`, { value: problem.value }),
};
