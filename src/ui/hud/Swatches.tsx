/** The colours a seat plays, as swatches with their symbols (never colour alone). */
import type { Colour } from '../../engine/index';
import { SymbolMark } from '../a11y/SymbolMark';
import { colourName } from '../../i18n/index';

export function Swatches({ colours }: { colours: readonly Colour[] }) {
  return (
    <span className="swatches">
      {colours.map((c) => (
        <span key={c} className={`swatch ${c}`} title={colourName(c)}>
          <SymbolMark colour={c} />
        </span>
      ))}
    </span>
  );
}
