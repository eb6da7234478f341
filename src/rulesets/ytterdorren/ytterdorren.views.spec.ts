import { EXAMPLE_CREATURES } from '../../rules/ytterdorren/example-creatures.js';
import { sheet, skirmishWith } from '../../rules/ytterdorren/testing.js';
import { foeAttackDto, skirmishDto } from './ytterdorren-rest.dto.js';
import type { FightRecord } from './ytterdorren.repository.js';
import { creatureCardView, sheetView, skirmishView } from './ytterdorren.views.js';

const createdAt = new Date('2026-12-05T10:00:00Z');
const stored = (state: FightRecord['state']): FightRecord => ({ id: state.id, campaignId: 'c1', kind: state.kind, status: 'ACTIVE', state, createdAt });

describe('how the API shows Ytterdörren', () => {
  it('shows a creature card’s tables by players and difficulty, with the damage a hit does (1 unless the card says)', () => {
    const wolf = creatureCardView(EXAMPLE_CREATURES[0]);
    expect(wolf.skirmish).toMatchObject({ damage: 1, defense: 40, attackModifier: 0 });
    expect(wolf.skirmish.strength.slice(0, 4)).toEqual([
      { players: 1, dice: '1d6' },
      { players: 2, dice: '2d6' },
      { players: 3, dice: '2d6+2' },
      { players: 4, dice: '3d6' },
    ]);
    expect(wolf.encounter.might).toEqual([
      { difficulty: 'EASY', might: 0 },
      { difficulty: 'NORMAL', might: 5 },
      { difficulty: 'HARD', might: 10 },
    ]);
    // A card that leaves player counts out lists only those it gives.
    const troll = creatureCardView(EXAMPLE_CREATURES[3]);
    expect(troll.encounter.vita.map((entry) => entry.players)).toEqual([3, 4, 5, 6]);
    expect(troll.skirmish.damage).toBe(3);
  });

  it.each<[string, Parameters<typeof sheet>[0], boolean]>([
    ['standing', { vita: 3 }, false],
    ['at 0 Vita', { vita: 0 }, true],
  ])('marks a sheet %s', (_, overrides, defeated) => {
    expect(sheetView(sheet(overrides)).defeated).toBe(defeated);
  });

  it.each<[string, Parameters<typeof skirmishWith>[0], Record<string, ReturnType<typeof sheet>>, string[]]>([
    ['nobody has chosen', {}, { ana: sheet(), bo: sheet() }, ['ana', 'bo']],
    ['ana has chosen', { stances: { ana: { stance: 'DEFEND', targetCreatureId: 'wolf' } } }, { ana: sheet(), bo: sheet() }, ['bo']],
    ['bo was defeated in the skirmish', { defeatedCharacterIds: ['bo'] }, { ana: sheet(), bo: sheet({ vita: 0 }) }, ['ana']],
    ['bo lost his last Vita to a foe’s power', {}, { ana: sheet(), bo: sheet({ vita: 0 }) }, ['ana']],
    ['the skirmish is won', { status: 'VICTORY', counter: 0 }, { ana: sheet(), bo: sheet() }, []],
  ])('waits for the standing characters who have not chosen: %s', (_, overrides, sheets, waiting) => {
    expect(skirmishView(stored(skirmishWith(overrides)), sheets).waitingFor).toEqual(waiting);
  });

  it('lists the stances of the round under way', () => {
    const view = skirmishView(stored(skirmishWith({ stances: { bo: { stance: 'ATTACK', targetCreatureId: 'wolf' } } })), { ana: sheet(), bo: sheet() });
    expect(view.stances).toEqual([{ characterId: 'bo', stance: 'ATTACK', targetCreatureId: 'wolf' }]);
    expect(skirmishDto(view)).toMatchObject({ creatureIds: ['wolf'], stances: view.stances, counter: 5, startingCounter: 5 });
  });

  it('answers a REST foe attack with the fields of the GraphQL type only (the seed: black 70 + white 4 = 74, power 4)', () => {
    const roll = { foeId: 'f1', targetCharacterId: 'ana', black: 70, white: 4, d100: 74, might: 0, total: 74, defense: 50, hit: true, power: 'power 4', eventSeq: 9 };
    expect(foeAttackDto({ ...roll, powerTable: ['…'] } as typeof roll)).toEqual(roll);
  });
});
