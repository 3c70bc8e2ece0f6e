/** A colour's symbol as text (hidden from screen readers: the colour's name is always said in words next to it). */
import type { Colour } from '../../engine/index';
import { SYMBOL_GLYPH } from './symbols';

export function SymbolMark({ colour }: { colour: Colour }) {
  return (
    <span className={`symbol ${colour}`} aria-hidden="true">
      {SYMBOL_GLYPH[colour]}
    </span>
  );
}
