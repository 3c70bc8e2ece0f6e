/**
 * Online play's texts that the app layer words (the server's refusals, failures to get into a
 * room, link problems): the online namespace. The server speaks English; the page words its
 * refusals by their codes (docs/online.md), an illegal move by the engine's reason as in local play,
 * and shows the server's own words only on an English page.
 */
import { ERROR_CODES, type ErrorMessage, JOIN_CODES } from '../../wire/contractCodes';
import { RULE_CODES, type RuleCode, RuleError } from '../../engine/index';
import { ruleText } from '../../i18n/engineReasons';
import { currentLanguage, t } from '../../i18n/index';
import type { Failure } from './onlineRoom';

const known = <C extends string>(codes: readonly C[], code: unknown): code is C => typeof code === 'string' && (codes as readonly string[]).includes(code);

/** The server's `error` message, as far as the page words it (the code at least). */
type Refusal = Pick<ErrorMessage, 'code'> & Partial<ErrorMessage>;

/** A param as the engine gives them: text, a number, or a list of texts (squares, colours). */
const isParam = (value: unknown) => typeof value === 'string' || typeof value === 'number' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));

/**
 * An illegal move's refusal as the engine's RuleError, from the reason and params the server sent
 * (the engine's own); null when the page does not know the reason or the params are not the engine's shape.
 */
export function ruleRefusal(error: Refusal): RuleError | null {
  const params: unknown = error.params ?? {};
  if (error.code !== 'illegalMove' || !known<RuleCode>(RULE_CODES, error.reason) || error.reason === 'other') return null;
  if (typeof params !== 'object' || params === null || !Object.values(params).every(isParam)) return null;
  return new RuleError(error.text ?? '', error.reason, params as RuleError['params']);
}

/** Failures that say what went wrong with the connection, not what the server refused. */
const CONNECTION_FAILURES: readonly Failure['kind'][] = ['unknownRoom', 'serverDown', 'lost', 'closed', 'faulted'];

export const onlineTexts = {
  /**
   * A message the server refused: what it means for the player, in their language. An illegal move
   * in the words the page uses for the same move in local play ("d4 is occupied"); a code the page
   * does not know: a generic sentence.
   */
  refusal: (error: Refusal) => {
    const rule = ruleRefusal(error);
    if (rule) return ruleText(rule);
    return known(ERROR_CODES, error.code) ? t(`online:refused.${error.code}`) : t('online:refused.other');
  },
  /** Why the page is not in the room: the refused create or join by its code, else the kind of failure. */
  failure: (failure: Pick<Failure, 'kind' | 'code'>, server: string) =>
    !CONNECTION_FAILURES.includes(failure.kind) && known(JOIN_CODES, failure.code) ? t(`online:joinRefused.${failure.code}`) : t(`online:failure.${failure.kind}`, { server }),
  /** The server's or the network's own words (English), for the curious: on an English page only, null otherwise. */
  failureDetail: (failure: Pick<Failure, 'detail'>) => (failure.detail && currentLanguage() === 'en' ? t('online:detail', { detail: failure.detail }) : null),
  urlProblem: (problem: { key: 'badRoom' | 'badServer'; value: string }) => t(`online:${problem.key}`, { value: problem.value }),
  /** A person playing through the bot API, said to be a bot: "Ann (bot)" (docs/online.md, Bots known as bots). */
  botName: (name: string) => t('online:botName', { name }),
};
