import { campaignFromSettings, loadCreatures } from './campaign.js';
import { EXAMPLE_CREATURES } from './example-creatures.js';
import { accepted, creature, refused, run, skirmishWith, tableWith } from './testing.js';

describe('campaignFromSettings (createCampaign settings)', () => {
  const ids = (settings: unknown) => {
    const made = campaignFromSettings(settings);
    if (!made.ok) throw new Error(made.errors.join('; '));
    return made.campaign.creatures.map((card) => card.id);
  };
  const examples = EXAMPLE_CREATURES.map((card) => card.id);

  it.each<[string, unknown, string[]]>([
    ['no settings: the example set (Decision)', undefined, examples],
    ['the example preset named', { creaturePreset: 'ytterdorren-example' }, examples],
    ['no preset, own cards', { creaturePreset: 'none', creatures: [creature('bat')] }, ['bat']],
    ['the preset and own cards after it', { creatures: [creature('bat')] }, [...examples, 'bat']],
    ['an own card replacing an example of the same id', { creatures: [creature('mire-wisp')] }, examples],
  ])('%s', (_, settings, expected) => {
    expect(ids(settings)).toEqual(expected);
  });

  it('copies the preset: a campaign cannot change the shipped cards', () => {
    const made = campaignFromSettings({});
    if (!made.ok) throw new Error('refused');
    made.campaign.creatures[0].skirmish.defense = 1;
    expect(EXAMPLE_CREATURES[0].skirmish.defense).toBe(40);
  });

  it.each<[string, unknown, string[]]>([
    ['not an object', 'wolves', ['settings must be an object']],
    ['an unknown setting', { monsters: [] }, ['settings.monsters is not a Ytterdörren setting (creaturePreset, creatures)']],
    ['an unknown preset', { creaturePreset: 'mine' }, ["settings.creaturePreset must be 'ytterdorren-example' or 'none'"]],
    ['a bad card', { creatures: [creature('bat', { name: 'Bat', skirmish: { defense: 300 } })] }, ['creatures[0] (Bat).skirmish.defense must be an integer from 0 to 200']],
  ])('refuses %s, naming the setting', (_, settings, errors) => {
    expect(campaignFromSettings(settings)).toEqual({ ok: false, errors });
  });
});

describe('loadCreatures (ytterdorren.md, Creature cards: campaigns load their own)', () => {
  it('adds new cards and replaces cards of the same id', () => {
    const table = tableWith({ creatures: [creature('wolf'), creature('bat')] });
    const outcome = accepted(run(loadCreatures, table, { creatures: [creature('wolf', { name: 'Dire Wolf' }), creature('rat')] }));
    expect(outcome.result).toEqual({ added: ['rat'], replaced: ['wolf'] });
    expect(outcome.state.campaign.creatures.map((card) => `${card.id}:${card.name}`)).toEqual(['wolf:Dire Wolf', 'bat:Grey Wolf', 'rat:Grey Wolf']);
    expect(outcome.events).toEqual([{ type: 'ytterdorren.creatures.loaded', payload: expect.objectContaining({ added: ['rat'], replaced: ['wolf'] }) }]);
  });

  it('leaves a skirmish under way with the cards it started with', () => {
    const table = tableWith({ encounters: [skirmishWith()] });
    const outcome = accepted(run(loadCreatures, table, { creatures: [creature('wolf', { skirmish: { defense: 90 } })] }));
    expect(outcome.state.encounters.s1).toEqual(skirmishWith());
  });

  it('refuses unplayable cards with every error, changing nothing', () => {
    const bad = [creature('rat', { name: 'Rat', skirmish: { defense: -1 } }), creature('bat', { name: 'Bat', encounter: { combatType: 'MAGIC' as 'MELEE' } })];
    expect(refused(run(loadCreatures, tableWith(), { creatures: bad }))).toEqual({
      reason: 'INVALID_CREATURE_CARDS',
      message: 'creatures[0] (Rat).skirmish.defense must be an integer from 0 to 200; creatures[1] (Bat).encounter.combatType must be MELEE or RANGED',
    });
  });

  it('refuses a load that would take the campaign past 200 cards', () => {
    const table = tableWith({ creatures: Array.from({ length: 150 }, (_, index) => creature(`old${index}`)) });
    const load = Array.from({ length: 51 }, (_, index) => creature(`new${index}`));
    expect(refused(run(loadCreatures, table, { creatures: load }))).toEqual({ reason: 'INVALID_CREATURE_CARDS', message: 'creatures holds 201 cards: at most 200 are allowed' });
  });
});
