import { ArbiterError } from '../../common/errors.js';
import { creature } from '../../rules/ytterdorren/testing.js';
import { checkedCreatureCards, checkedSettings } from './ytterdorren.settings.js';

/** The code, message and extensions a check throws with, or 'passed'. */
function refusal(check: () => unknown): { message: string; extensions: Record<string, unknown> } | 'passed' {
  try {
    check();
    return 'passed';
  } catch (error) {
    if (!(error instanceof ArbiterError)) throw error;
    return { message: error.message, extensions: error.extensions as Record<string, unknown> };
  }
}

describe('campaign settings (createCampaign settings, ytterdorren.md Creature cards)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['none: the example preset', {}, { creaturePreset: 'ytterdorren-example' }],
    ['no preset, own cards', { creaturePreset: 'none', creatures: [creature('bat')] }, { creaturePreset: 'none', creatures: [creature('bat')] }],
    ['the preset and own cards', { creatures: [creature('bat')] }, { creaturePreset: 'ytterdorren-example', creatures: [creature('bat')] }],
  ])('keeps %s, with the preset filled in', (_, given, kept) => {
    expect(checkedSettings(given)).toEqual(kept);
  });

  it.each<[string, Record<string, unknown>, string, string, Record<string, unknown>]>([
    ['an unknown setting', { monsters: [] }, 'settings.monsters', 'settings.monsters is not a Ytterdörren setting (creaturePreset, creatures)', {}],
    ['an unknown preset', { creaturePreset: 'mine' }, 'settings.creaturePreset', "settings.creaturePreset must be 'ytterdorren-example' or 'none'", {}],
    ['cards that are not a list', { creatures: 'wolves' }, 'settings.creatures', 'settings.creatures must be a list of creature cards', {}],
    [
      'a card with a bad field, by its name and field',
      { creatures: [creature('bat'), creature('hag', { name: 'Bog Hag', skirmish: { defense: 300 } })] },
      'settings.creatures[1]',
      'settings.creatures[1] (Bog Hag).skirmish.defense must be an integer from 0 to 200',
      { index: 1, cardId: 'hag' },
    ],
  ])('refuses %s with BAD_USER_INPUT naming the field', (_, given, field, message, extensions) => {
    expect(refusal(() => checkedSettings(given))).toEqual({
      message,
      extensions: { code: 'BAD_USER_INPUT', field, problems: [message], ...extensions },
    });
  });

  it('names every problem, the first in the message', () => {
    const found = refusal(() => checkedSettings({ creatures: [creature('bat', { name: 'Bat', skirmish: { defense: -1, attackModifier: 500 } })] }));
    expect(found).toEqual({
      message: 'settings.creatures[0] (Bat).skirmish.defense must be an integer from 0 to 200 (and 1 more problem)',
      extensions: {
        code: 'BAD_USER_INPUT',
        field: 'settings.creatures[0]',
        index: 0,
        cardId: 'bat',
        problems: [
          'settings.creatures[0] (Bat).skirmish.defense must be an integer from 0 to 200',
          'settings.creatures[0] (Bat).skirmish.attackModifier must be an integer from -100 to 100',
        ],
      },
    });
  });
});

describe('creature cards loaded by ytterdorrenLoadCreatures', () => {
  it('passes playable cards through', () => {
    expect(checkedCreatureCards([creature('bat')])).toEqual([creature('bat')]);
  });

  it.each<[string, unknown, string, string, Record<string, unknown>]>([
    [
      'a card without powers for every white die face',
      [creature('bat', { name: 'Bat', encounter: { powers: ['bite'] } })],
      'creatures[0]',
      'creatures[0] (Bat).encounter.powers must list 10 powers, one for each face 0–9 of the white die',
      { index: 0, cardId: 'bat' },
    ],
    [
      'a card without an id',
      [{ ...creature('x', { name: 'Nameless' }), id: 7 }],
      'creatures[0]',
      'creatures[0] (Nameless).id must be a text of 1 to 40 characters',
      { index: 0, cardId: null },
    ],
    ['a duplicate id', [creature('bat'), creature('bat')], 'creatures[1]', "creatures[1] (Grey Wolf).id 'bat' is already the id of creatures[0]", { index: 1, cardId: 'bat' }],
  ])('refuses %s with BAD_USER_INPUT on the card', (_, cards, field, message, extensions) => {
    expect(refusal(() => checkedCreatureCards(cards))).toEqual({ message, extensions: { code: 'BAD_USER_INPUT', field, problems: [message], ...extensions } });
  });
});
