/** Each computer level's strength in words, for people choosing an opponent (one place, for translation). */
const STRENGTH: Record<string, string> = {
  beginner: 'easiest: almost random moves',
  greedy: 'easy: grabs the most balls each move',
  tactician: 'medium: knows corners and edges',
  strategist: 'hard: looks several moves ahead',
  master: 'hardest: the strongest search',
};

/** "tactician (medium: knows corners and edges)"; an unknown level is shown by its name. */
export function levelLabel(level: string): string {
  return STRENGTH[level] ? `${level} (${STRENGTH[level]})` : level;
}
