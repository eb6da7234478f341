/**
 * A conjured Vanori (seed 002 line 77: "burn a card to, for a short while, conjure your Vanori or
 * take its physical appearance. Leverage its presence or your new form to roll with a reduced
 * DR"). A VANORI burn for a roll starts it (trial-roll.ts); while it lasts, each of the
 * character's rolls has its DR lowered by the amount set then. **Decision**: "a short while" is
 * the GM's to judge, so it lasts until the GM ends it.
 */
import { refuse, rule } from './table.js';

/** GM: the conjured Vanori leaves (or the character's own form returns); later rolls are made at the full DR. */
export const endConjuring = rule('tenth-realm.conjuring.ended', (play, input: { characterId: string }) => {
  const sheet = play.character(input.characterId);
  const conjuring = sheet.conjuring;
  if (!conjuring) refuse('NOT_CONJURED', 'the character has no Vanori conjured');
  sheet.conjuring = null;
  return { ended: conjuring };
});
