/**
 * The colour symbols (so no colour is told by hue alone): one shape per colour, the same on the
 * balls (ballMaterial.ts draws them in the shader, by colour index), the side buttons, the HUD
 * and the move list.
 */
import type { Colour } from '../../engine/index';

export const SYMBOL_GLYPH: Record<Colour, string> = { red: '●', yellow: '▲', green: '■', blue: '✚' };
