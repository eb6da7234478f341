import { yummellCreateCharacter, type CreateCharacterInput } from './characters.js';
import { HEROISM } from './data.js';
import { unsetYummellState } from './state.js';
import { accepted, conserved, keepOrder, noRandom, raceWith, refused, run } from './testing.js';

const fulmergh = (extra: Partial<CreateCharacterInput> = {}): CreateCharacterInput => ({
  characterId: 'fulmergh',
  name: 'Fulmergh',
  memberId: 'member-1',
  characteristics: { STRENGTH: 5, CHARM: 3, AGILITY: 4, MAGIC: 2 },
  abilities: ['CLEPTOMANIA'],
  advantages: [HEROISM],
  ...extra,
});

describe('a character joins the race (issue, Contract: yummellCreateCharacter)', () => {
  it('starts before the first square with a hand of 4 from the top of the deck', () => {
    const race = raceWith({ drawPile: ['m1', 'm2', 'm3', 'm4', 'm5'] });
    const outcome = accepted(run(yummellCreateCharacter, race, fulmergh()));
    expect(outcome.state.characters.fulmergh).toEqual({
      name: 'Fulmergh',
      position: 0,
      characteristics: { STRENGTH: 5, CHARM: 3, AGILITY: 4, MAGIC: 2 },
      abilities: ['CLEPTOMANIA'],
      advantages: [HEROISM],
      artefacts: [],
    });
    expect(outcome.state.piles.hands.fulmergh).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(outcome.state.piles.drawPile).toEqual(['m5']);
    expect(outcome.result).toMatchObject({ hand: ['m1', 'm2', 'm3', 'm4'], currentCharacterId: 'fulmergh', character: { position: 0, handCount: 4, artefacts: [] } });
    expect(conserved(outcome.state)).toBe(true);
  });

  it('tells everyone the size of the hand, and its cards only to the character', () => {
    const outcome = accepted(run(yummellCreateCharacter, raceWith({ drawPile: ['m1', 'm2', 'm3', 'm4'] }), fulmergh()));
    expect(outcome.events).toEqual([
      {
        type: 'yummell.character.created',
        payload: {
          characterId: 'fulmergh',
          name: 'Fulmergh',
          memberId: 'member-1',
          characteristics: { STRENGTH: 5, CHARM: 3, AGILITY: 4, MAGIC: 2 },
          abilities: ['CLEPTOMANIA'],
          advantages: [HEROISM],
          position: 0,
          handCount: 4,
          drawPileCount: 4,
          discardPileCount: 0,
          reshuffledFrom: null,
          currentCharacterId: 'fulmergh',
        },
        secret: { hand: ['m1', 'm2', 'm3', 'm4'] },
        secretFor: 'fulmergh',
      },
    ]);
    expect(JSON.stringify(outcome.events[0].payload)).not.toContain('m1');
  });

  it('joins the turn order after those already in it; the first to join keeps the turn', () => {
    const race = raceWith({ characters: { ana: {} }, drawPile: ['m1', 'm2', 'm3', 'm4'] });
    const outcome = accepted(run(yummellCreateCharacter, race, fulmergh()));
    expect(outcome.state.campaign.turnOrder).toEqual(['ana', 'fulmergh']);
    expect(outcome.state.campaign.currentCharacterId).toBe('ana');
  });

  it('plays at once when everyone else has already arrived', () => {
    const race = raceWith({ characters: { ana: { position: 10 } }, finishOrder: ['ana'], current: null, drawPile: ['m1', 'm2', 'm3', 'm4'] });
    expect(accepted(run(yummellCreateCharacter, race, fulmergh())).state.campaign.currentCharacterId).toBe('fulmergh');
  });

  it('reshuffles the discard pile when the draw pile runs out while dealing', () => {
    const race = raceWith({ drawPile: ['m1', 'm2'], discardPile: ['m3', 'm4', 'm5'] });
    const rng = keepOrder();
    const outcome = accepted(run(yummellCreateCharacter, race, fulmergh(), rng));
    expect(rng.asked).toEqual([3, 2]);
    expect(outcome.state.piles.hands.fulmergh).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(outcome.events[0].payload).toMatchObject({ handCount: 4, drawPileCount: 2, discardPileCount: 3, reshuffledFrom: ['m3', 'm4', 'm5'] });
  });

  it('deals what is left when the deck holds fewer than 4 cards', () => {
    const outcome = accepted(run(yummellCreateCharacter, raceWith({ drawPile: ['m1', 'm2'] }), fulmergh(), noRandom()));
    expect(outcome.state.piles.hands.fulmergh).toEqual(['m1', 'm2']);
  });

  it.each<[string, Partial<CreateCharacterInput>, string, string]>([
    ['an id already in the race', { characterId: 'ana' }, 'CHARACTER_EXISTS', "there is already a character 'ana' in this race"],
    ['an empty name', { name: ' ' }, 'INVALID_NAME', 'a character needs a name of 1 to 100 characters'],
    ['a Characteristic of 11', { characteristics: { STRENGTH: 11, CHARM: 3, AGILITY: 4, MAGIC: 2 } }, 'INVALID_CHARACTERISTICS',
      'give each of STRENGTH, CHARM, AGILITY, MAGIC once, as a whole number from 0 to 10'],
    ['a Characteristic of −1', { characteristics: { STRENGTH: -1, CHARM: 3, AGILITY: 4, MAGIC: 2 } }, 'INVALID_CHARACTERISTICS',
      'give each of STRENGTH, CHARM, AGILITY, MAGIC once, as a whole number from 0 to 10'],
    ['a missing Characteristic', { characteristics: { STRENGTH: 5, CHARM: 3, AGILITY: 4 } as never }, 'INVALID_CHARACTERISTICS',
      'give each of STRENGTH, CHARM, AGILITY, MAGIC once, as a whole number from 0 to 10'],
    ['an unknown Ability', { abilities: ['FLIGHT' as never] }, 'UNKNOWN_ABILITY', "there is no Ability 'FLIGHT': the Abilities are CLEPTOMANIA"],
    ['an Ability twice', { abilities: ['CLEPTOMANIA', 'CLEPTOMANIA'] }, 'DUPLICATE_ABILITY', 'CLEPTOMANIA is listed twice'],
    ['a bad Advantage', { advantages: [{ ...HEROISM, bonus: 0 }] }, 'INVALID_ADVANTAGE', 'advantages[0] (Heroism).bonus must be an integer from 1 to 10'],
  ])('refuses %s', (_, extra, reason, message) => {
    const race = raceWith({ characters: { ana: {} } });
    expect(refused(run(yummellCreateCharacter, race, fulmergh(extra)))).toEqual({ reason, message });
  });

  it('refuses before the race is set up', () => {
    expect(refused(run(yummellCreateCharacter, unsetYummellState(), fulmergh())).reason).toBe('NO_RACE');
  });
});
