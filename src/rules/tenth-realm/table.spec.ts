import { assertConserved } from '../cards/piles.js';
import { STANDARD_52 } from '../cards/presets.js';
import { bySuit, isRed, rule, suitOf, type Play } from './table.js';
import { accepted, activeCharacter, dice, refused, run, ScriptedRng, tableWith } from './testing.js';

describe('card suits and colors (rules/README.md: red is ♥ ♦, black is ♣ ♠)', () => {
  it.each([
    ['AH', 'H', true],
    ['10D', 'D', true],
    ['QC', 'C', false],
    ['10S', 'S', false],
  ])('%s is %s, red: %p', (card, suit, red) => {
    expect(suitOf(card)).toBe(suit);
    expect(isRed(card)).toBe(red);
  });

  it.each([
    ['KH', '♥'],
    ['2D', '♦'],
    ['7C', '♣'],
    ['JS', '♠'],
  ])('bySuit picks the row of %s: %s', (card, row) => {
    expect(bySuit(card, { H: '♥', D: '♦', C: '♣', S: '♠' })).toBe(row);
  });
});

/** Test rules built with rule(), to pin down the working-copy contract every Tenth Realm rule has. */
const revealThree = rule('test.revealed', (play: Play, _input: { note: string }) => ({ cards: play.reveal(3) }));
const revealThenRefuse = rule('test.refused', (play: Play, input: { characterId: string; cardId: string }) => {
  play.reveal(2);
  play.character(input.characterId).xp = 5;
  play.burn(input.characterId, input.cardId);
  return { burned: input.cardId };
});
const keepTop = rule('test.kept', (play: Play, input: { characterId: string }) => {
  const [card] = play.reveal(1);
  play.keep(input.characterId, card);
  return { card };
});
const burnOne = rule('test.burned', (play: Play, input: { characterId: string; cardId: string }) => {
  play.burn(input.characterId, input.cardId);
  return { held: play.holds(input.characterId, input.cardId) };
});

describe('rule() and Play: the deck (tenth-realm.md, "The deck")', () => {
  it('reveals top cards onto the discard pile, the last one revealed on top', () => {
    const state = tableWith({ drawPile: ['2S', 'KH', '5D'], discardPile: ['9C'] });
    const outcome = accepted(run(revealThree, state, { note: 'x' }));
    expect(outcome.result).toEqual({ cards: ['2S', 'KH', '5D'] });
    expect(outcome.state.piles.discardPile).toEqual(['5D', 'KH', '2S', '9C']);
    expect(outcome.state.piles.drawPile).toHaveLength(52 - 4);
    expect(assertConserved(outcome.state.piles, STANDARD_52)).toBe(true);
  });

  it('records the input, the result and whether the deck was reshuffled in the event', () => {
    const outcome = accepted(run(revealThree, tableWith({ drawPile: ['2S', 'KH', '5D'] }), { note: 'x' }));
    expect(outcome.events[0]).toEqual({ type: 'test.revealed', payload: { note: 'x', cards: ['2S', 'KH', '5D'], reshuffled: false } });
  });

  it('shuffles the discard pile back when the deck runs out mid-reveal, never recalling hands', () => {
    const state = tableWith({
      drawPile: ['2S'],
      discardPile: ['KH', '5D'],
      hands: { ana: ['AH', 'AS'] },
      characters: { ana: activeCharacter() },
      rest: 'DISCARD_PILE',
    });
    const rng = new ScriptedRng([], { allowReshuffle: true });
    const outcome = accepted(run(revealThree, state, { note: 'x' }, rng));
    expect(rng.shuffled).toBe(true);
    // The scripted shuffle keeps the discard pile's order, so the deck continues with KH, 5D.
    expect(outcome.result).toEqual({ cards: ['2S', 'KH', '5D'] });
    expect(outcome.events[0].payload.reshuffled).toBe(true);
    expect(outcome.state.piles.hands).toEqual({ ana: ['AH', 'AS'] });
    expect(outcome.state.piles.discardPile).toEqual(['5D', 'KH', '2S']);
    expect(outcome.state.piles.drawPile).toHaveLength(52 - 2 - 3);
    expect(assertConserved(outcome.state.piles, STANDARD_52)).toBe(true);
  });

  it('refuses to reveal when the hands hold too many cards, with DECK_EXHAUSTED', () => {
    const all = STANDARD_52.map((card) => card.id);
    const state = tableWith({ drawPile: ['2S', '3S'], hands: { ana: all.filter((id) => id !== '2S' && id !== '3S') } });
    expect(refused(run(revealThree, state, { note: 'x' }))).toEqual({
      reason: 'DECK_EXHAUSTED',
      message: 'the deck cannot reveal 3 cards: too many are held in hands',
    });
  });

  it('keeps a revealed card in a hand: it leaves the discard pile', () => {
    const outcome = accepted(run(keepTop, tableWith({ drawPile: ['QH'], characters: { ana: activeCharacter() } }), { characterId: 'ana' }));
    expect(outcome.state.piles.hands.ana).toEqual(['QH']);
    expect(outcome.state.piles.discardPile).toEqual([]);
  });

  it('burns a card from the burner hand onto the discard pile', () => {
    const state = tableWith({ hands: { ana: ['QH', '2C'] }, discardPile: ['9D'], characters: { ana: activeCharacter() } });
    const outcome = accepted(run(burnOne, state, { characterId: 'ana', cardId: 'QH' }));
    expect(outcome.result).toEqual({ held: false });
    expect(outcome.state.piles.hands.ana).toEqual(['2C']);
    expect(outcome.state.piles.discardPile).toEqual(['QH', '9D']);
  });

  it.each([
    ['a card in another hand', { ana: ['2C'], bo: ['QH'] }],
    ['a card still in the deck', { ana: ['2C'] }],
  ])('refuses to burn %s: "that card is not in your hand"', (_, hands) => {
    const state = tableWith({ hands, characters: { ana: activeCharacter(), bo: activeCharacter() } });
    expect(refused(run(burnOne, state, { characterId: 'ana', cardId: 'QH' }))).toEqual({
      reason: 'CARD_NOT_IN_YOUR_HAND',
      message: 'that card is not in your hand',
    });
  });

  it('changes nothing when a rule is refused half-way, and never mutates its input', () => {
    const state = tableWith({ drawPile: ['2S', 'KH'], characters: { ana: activeCharacter() } });
    const before = structuredClone(state);
    // run() freezes the input: a rule that wrote to it would throw instead of being refused.
    const outcome = run(revealThenRefuse, state, { characterId: 'ana', cardId: 'AH' });
    expect(refused(outcome).reason).toBe('CARD_NOT_IN_YOUR_HAND');
    expect(state).toEqual(before);
  });

  it('refuses an unknown character', () => {
    expect(refused(run(revealThenRefuse, tableWith(), { characterId: 'nobody', cardId: 'AH' }))).toEqual({
      reason: 'UNKNOWN_CHARACTER',
      message: 'that character is not playing in this campaign',
    });
  });

  it('uses no randomness for a reveal without a reshuffle', () => {
    const rng = dice();
    accepted(run(revealThree, tableWith(), { note: 'x' }, rng));
    expect(rng.wordsUsed).toBe(0);
  });
});
