/** The English words of the analysis board (exact values, the roll preview, continuing with seats), in one place for a later translation. */
export const analysisTexts = {
  roundOver: 'The round is over: no move to value.',
  twoPlayersOnly: (players: number) => `Exact values are for two players (this round has ${players}).`,
  tooManyEmpties: (empties: number, max: number) => `Exact values from ${max} empty sockets (now ${empties}).`,
};
