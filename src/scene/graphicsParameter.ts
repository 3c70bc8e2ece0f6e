/**
 * The `graphics` parameter of the address (`?graphics=adaptive`): the viewer's graphics choice for
 * this visit (qualityPolicy.ts says what each does). Read once at the page's start, before the
 * canvas is made; taken out of the query string the session reads.
 */
import { t } from '../i18n/index';
import { type GraphicsMode, GRAPHICS_MODES, isGraphicsMode } from './qualityPolicy';

export const GRAPHICS_PARAMETER = 'graphics';

let chosen: GraphicsMode = 'auto';

/** The page's graphics choice (auto unless the address chose one). */
export function graphicsMode(): GraphicsMode {
  return chosen;
}

/** Reads and applies the parameter; returns the query string without it and, for a bad value, what is wrong in the page's language. */
export function readGraphicsParameter(search: string): { rest: string; problem: string | null } {
  const params = new URLSearchParams(search);
  if (!params.has(GRAPHICS_PARAMETER)) return { rest: search, problem: null };
  const value = params.get(GRAPHICS_PARAMETER) ?? '';
  params.delete(GRAPHICS_PARAMETER);
  const rest = params.toString() ? `?${params}` : '';
  if (!isGraphicsMode(value)) return { rest, problem: t('hud:graphicsBadValue', { value, values: GRAPHICS_MODES.join(', ') }) };
  chosen = value;
  return { rest, problem: null };
}
