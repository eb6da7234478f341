/**
 * A character joins the race (issue, Contract: `yummellCreateCharacter`; yummell.md, Board,
 * characters, cards).
 */
import { refuse } from '../kernel/outcome.js';
import { ABILITY_IDS, type AbilityId } from './abilities-catalog.js';
import { CHARACTERISTICS, type Characteristic } from './data.js';
import { drawUpTo } from './deal.js';
import { characterView, freshTurn, HAND_SIZE, requireRace, type YummellCharacterView, type YummellSheet, yummellRule } from './state.js';
import { firstProblem, validateAdvantages } from './validation.js';

/** The lowest and highest value a Characteristic may have. */
export const MIN_CHARACTERISTIC = 0;
export const MAX_CHARACTERISTIC = 10;

export interface CreateCharacterInput {
  /** The new character's id, made by the caller. */
  characterId: string;
  name: string;
  /** The member who plays it; null for one the GM plays. */
  memberId?: string | null;
  characteristics: Record<Characteristic, number>;
  abilities: AbilityId[];
  /** Advantages as data (`HEROISM` is the seed's), checked by `validateAdvantages`. */
  advantages: unknown[];
}

export interface CreateCharacterResult {
  character: YummellCharacterView;
  /** The starting hand: only the character's player and the GM see it. */
  hand: string[];
  currentCharacterId: string | null;
}

function checkCharacteristics(given: unknown): Record<Characteristic, number> {
  const valid =
    typeof given === 'object' &&
    given !== null &&
    Object.keys(given).length === CHARACTERISTICS.length &&
    CHARACTERISTICS.every((name) => {
      const value = (given as Record<string, unknown>)[name];
      return typeof value === 'number' && Number.isInteger(value) && value >= MIN_CHARACTERISTIC && value <= MAX_CHARACTERISTIC;
    });
  if (!valid) {
    refuse(
      'INVALID_CHARACTERISTICS',
      `give each of ${CHARACTERISTICS.join(', ')} once, as a whole number from ${MIN_CHARACTERISTIC} to ${MAX_CHARACTERISTIC}`,
    );
  }
  const checked = given as Record<Characteristic, number>;
  return { STRENGTH: checked.STRENGTH, CHARM: checked.CHARM, AGILITY: checked.AGILITY, MAGIC: checked.MAGIC };
}

function checkAbilities(given: unknown): AbilityId[] {
  if (!Array.isArray(given)) refuse('UNKNOWN_ABILITY', `abilities must be a list of ${ABILITY_IDS.join(', ')}`);
  const unknown = given.find((ability) => !ABILITY_IDS.includes(ability));
  if (unknown !== undefined) refuse('UNKNOWN_ABILITY', `there is no Ability '${String(unknown)}': the Abilities are ${ABILITY_IDS.join(', ')}`);
  const twice = given.find((ability, index) => given.indexOf(ability) !== index);
  if (twice !== undefined) refuse('DUPLICATE_ABILITY', `${String(twice)} is listed twice`);
  return [...(given as AbilityId[])];
}

/**
 * Creates a character: four Characteristics (Yummell rules: STRENGTH, CHARM, AGILITY, MAGIC),
 * Abilities, Advantages, no Artefacts, its pawn before the first square, and a hand of 4 drawn
 * from the top of the deck (yummell.md, Board, characters, cards; the contract).
 * **Decision**: characters take turns in the order they join the race; the first to join plays
 * first, and one who joins once everyone else has arrived plays at once. Characteristics are whole
 * numbers from 0 to 10. Records `yummell.character.created`: the hand's size is public, its cards
 * only for the character (secret).
 */
export const yummellCreateCharacter = yummellRule((play, input: CreateCharacterInput): CreateCharacterResult => {
  requireRace(play.state);
  const { characterId } = input;
  if (typeof characterId !== 'string' || characterId === '') refuse('INVALID_CHARACTER_ID', 'a new character needs an id');
  if (play.state.characters[characterId] !== undefined) refuse('CHARACTER_EXISTS', `there is already a character '${characterId}' in this race`);
  if (typeof input.name !== 'string' || input.name.trim() === '' || input.name.length > 100) {
    refuse('INVALID_NAME', 'a character needs a name of 1 to 100 characters');
  }
  const characteristics = checkCharacteristics(input.characteristics);
  const abilities = checkAbilities(input.abilities);
  const advantages = validateAdvantages(input.advantages);
  if (!advantages.ok) refuse('INVALID_ADVANTAGE', firstProblem(advantages.errors));

  const sheet: YummellSheet = { name: input.name, position: 0, characteristics, abilities, advantages: advantages.value, artefacts: [] };
  play.state.characters[characterId] = sheet;
  const { campaign } = play.state;
  campaign.turnOrder.push(characterId);
  if (campaign.currentCharacterId === null) {
    campaign.currentCharacterId = characterId;
    campaign.turn = freshTurn();
  }
  const deal = drawUpTo(play.state.piles, HAND_SIZE, { kind: 'HAND', holderId: characterId }, play.rng);
  play.state.piles = deal.piles;
  // A hand exists, even empty, once the character has joined.
  play.state.piles.hands[characterId] ??= [];

  play.record(
    'yummell.character.created',
    {
      characterId,
      name: input.name,
      memberId: input.memberId ?? null,
      characteristics,
      abilities,
      advantages: advantages.value,
      position: 0,
      handCount: deal.drawn.length,
      ...deal.record,
      currentCharacterId: campaign.currentCharacterId,
    },
    { secret: { hand: deal.drawn }, secretFor: characterId },
  );
  return { character: characterView(play.state, characterId), hand: deal.drawn, currentCharacterId: campaign.currentCharacterId };
});
