import { ATTRIBUTES, XP_BOXES, type Attribute } from './sheet.js';
import { bySuit, refuse, rule, suitOf, type Play } from './table.js';

/**
 * Marks XP for a setback: 1 box, 2 when the OWL burn waits for it (tenth-realm.md, "Experience").
 * The track holds 8 boxes; when it is full the blessing is due. Returns the boxes marked.
 */
export function markXp(play: Play, characterId: string): number {
  const sheet = play.character(characterId);
  const wanted = sheet.pending.owlDoubleXp ? 2 : 1;
  sheet.pending.owlDoubleXp = false;
  const marked = Math.min(wanted, XP_BOXES - sheet.xp);
  sheet.xp += marked;
  if (sheet.xp === XP_BOXES) sheet.pending.blessingDue = true;
  return marked;
}

export type AttributeOmen = 'PLUS_2' | 'PLUS_1' | 'UNCHANGED' | 'BAD_OMEN';
export type ResilienceOmen = 'PLUS_2' | 'PLUS_1' | 'UNCHANGED' | 'VISION';

type SuitTable<T> = { H: T; D: T; C: T; S: T };

const ATTRIBUTE_BLESSING: SuitTable<readonly [AttributeOmen, number]> = { H: ['PLUS_2', 2], D: ['PLUS_1', 1], C: ['UNCHANGED', 0], S: ['BAD_OMEN', 0] };
const RESILIENCE_BLESSING: SuitTable<readonly [ResilienceOmen, number]> = { H: ['PLUS_2', 2], D: ['PLUS_1', 1], C: ['UNCHANGED', 0], S: ['VISION', 0] };

/**
 * The Vanori's blessing, when the 8 boxes are full: clear the track, reveal a card per attribute
 * (♥ +2, ♦ +1, ♣ unchanged, ♠ a bad omen) and one for max resilience (♥ +2, ♦ +1, ♣ unchanged,
 * ♠ a vision). More than one ♠ among the attributes: the omen grows more menacing — the count is
 * reported as `badOmens`.
 */
export const blessing = rule('tenth-realm.blessing', (play, input: { characterId: string }) => {
  const sheet = play.activeCharacter(input.characterId);
  if (sheet.xp < XP_BOXES) refuse('XP_TRACK_NOT_FULL', `the XP track is not full (${sheet.xp} of ${XP_BOXES})`);
  sheet.xp = 0;
  sheet.pending.blessingDue = false;
  const cards = play.reveal(ATTRIBUTES.length + 1);
  const attributes = ATTRIBUTES.map((attribute: Attribute, i) => {
    const [omen, increase] = bySuit(cards[i], ATTRIBUTE_BLESSING);
    sheet.attributes[attribute] += increase;
    return { attribute, card: cards[i], omen, increase, value: sheet.attributes[attribute] };
  });
  const resilienceCard = cards[ATTRIBUTES.length];
  const [resilienceOmen, resilienceIncrease] = bySuit(resilienceCard, RESILIENCE_BLESSING);
  sheet.maxResilience += resilienceIncrease;
  return {
    attributes,
    badOmens: cards.slice(0, ATTRIBUTES.length).filter((card) => suitOf(card) === 'S').length,
    resilienceCard,
    resilienceOmen,
    resilienceIncrease,
    maxResilience: sheet.maxResilience,
  };
});
