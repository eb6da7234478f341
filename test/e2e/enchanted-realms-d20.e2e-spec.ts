import { rollAttack, type AttackRoll, type AttackSetup } from '../../src/rules/enchanted-realms-d20/attack-roll.js';
import { RandomStream } from '../../src/rules/random/random-stream.js';
import { Client, createTable, TEST_ADMIN_KEY } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';

const COMBATANT = `id name characterId defense armorWorn armorValue skills immunities damageTaken pain anxiety spite
  conditions { name lastsUntil inflictedBy turnsBegun randomTarget } calledCheck { kind targetValue advantage disadvantage subAttribute social }
  standing { defense bleeding canMove blind stunned mustAttack offBalanceAgainst }`;
const COMBAT = `id campaignId status round turnOf combatants { ${COMBATANT} }`;
const TURN = `combatantId round bleedingDamage confusion { candidates target }`;
const M = {
  create: `mutation ($input: EnchantedRealmsD20CreateCombatantInput!) { enchantedRealmsD20CreateCombatant(input: $input) { combatant { ${COMBATANT} } eventSeq } }`,
  attack: `mutation ($input: EnchantedRealmsD20AttackInput!) { enchantedRealmsD20Attack(input: $input) {
    poolSize untrainedRoll dice { value total hit natural20 natural1 crit awarded keptLowerOf } hits hitDamage critDamage damage
    crits { dieIndex roll effect name lastsUntil applied ignoredBecause ignoredKinds amount } advantageFrom disadvantageFrom
    setup { kind skillDice advantage disadvantage modifier defense damagePerHit critEnabled } target { ${COMBATANT} } eventSeq } }`,
  callCheck: `mutation ($input: EnchantedRealmsD20CallCheckInput!) { enchantedRealmsD20CallCheck(input: $input) { combatant { id calledCheck { kind targetValue disadvantage subAttribute } } eventSeq } }`,
  check: `mutation ($input: EnchantedRealmsD20CheckInput!) { enchantedRealmsD20Check(input: $input) {
    setup { kind sides poolSize modifier targetValue } rolled { value total success natural20 natural1 quiteDistracted } successes success quiteDistracted
    advantageFrom disadvantageFrom answeredCall { kind targetValue } combatant { id calledCheck { kind } } eventSeq } }`,
  start: `mutation ($input: EnchantedRealmsD20StartCombatInput!) { enchantedRealmsD20StartCombat(input: $input) { combat { ${COMBAT} } started { ${TURN} } eventSeq } }`,
  next: `mutation ($input: EnchantedRealmsD20CombatInput!) { enchantedRealmsD20NextTurn(input: $input) {
    endedTurnOf expired { combatantId condition inflictedBy } started { ${TURN} } combat { ${COMBAT} } eventSeq } }`,
  end: `mutation ($input: EnchantedRealmsD20CombatInput!) { enchantedRealmsD20EndCombat(input: $input) { expired { combatantId condition } combat { id status } eventSeq } }`,
  rest: `mutation ($input: EnchantedRealmsD20ShortRestInput!) { enchantedRealmsD20ShortRest(input: $input) { ended { combatantId condition } combatants { id conditions { name } } eventSeq } }`,
  treat: `mutation ($input: EnchantedRealmsD20TreatInput!) { enchantedRealmsD20Treat(input: $input) { repairCost combatant { id conditions { name } standing { bleeding } } eventSeq } }`,
  roll: `mutation ($input: RollDiceInput!) { rollDice(input: $input) { eventSeq } }`,
  createCampaign: `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } gmKey } }`,
};
const CAMPAIGN = `query ($id: ID!) { campaign(id: $id) { lastEventSeq enchantedRealmsD20 { combatants { id name defense immunities skills } combats { ${COMBAT} } activeCombatIds } } }`;
const COMBAT_QUERY = `query ($id: ID!) { enchantedRealmsD20Combat(id: $id) { ${COMBAT} } }`;
const EVENTS = `query ($c: ID!, $after: Int!) { events(campaignId: $c, afterSeq: $after, limit: 1000) { seq type payload secret } }`;

const SWORDSWOMAN = ['MELEE_TRAINING', 'STYLE_SLASHING', 'WEAPON_FORTE', 'CHARGING', 'HEAVY_BLOW'];
const ORC = { name: 'Orc', defense: 13, armorWorn: true, armorValue: 200, skills: ['MELEE_TRAINING', 'STYLE_CLEAVING'], immunities: ['FEAR', 'STUN'] };

interface CombatantShape {
  id: string;
  damageTaken: number;
  immunities: string[];
  armorWorn: boolean;
  conditions: Array<{ name: string; lastsUntil: string; inflictedBy: string; turnsBegun: number }>;
  standing: { defense: number; bleeding: boolean };
}

describe('Enchanted Realms (d20 edition) over HTTP', () => {
  const env = useTestArbiter();

  /** The campaign's secret seed, read from the database: it tells which of the stream's events would crit. */
  const seedOf = async (campaignId: string): Promise<Buffer> => (await env.db.query('SELECT rng_seed FROM campaigns WHERE id = $1', [campaignId]))[0].rng_seed;

  it('sets up the foes of the campaign settings, and refuses a bad foe naming it and its field', async () => {
    const admin = new Client(env.arbiter.url, TEST_ADMIN_KEY);
    const created = await admin.data(M.createCampaign, { input: { name: 'Warband', ruleset: 'enchanted-realms-d20', settings: { combatants: [ORC, { ...ORC, name: 'Orc chief', defense: 15 }] } } });
    const campaignId = created.createCampaign.campaign.id;
    const gm = new Client(env.arbiter.url, created.createCampaign.gmKey);
    const { campaign } = await gm.data(CAMPAIGN, { id: campaignId });
    expect(campaign.enchantedRealmsD20.combatants).toEqual([
      { id: expect.any(String), name: 'Orc', defense: 13, immunities: ['FEAR', 'STUN'], skills: ORC.skills },
      { id: expect.any(String), name: 'Orc chief', defense: 15, immunities: ['FEAR', 'STUN'], skills: ORC.skills },
    ]);
    expect(campaign.enchantedRealmsD20).toMatchObject({ combats: [], activeCombatIds: [] });
    const { events } = await gm.data(EVENTS, { c: campaignId, after: 0 });
    expect(events.map((event: { type: string }) => event.type)).toEqual([
      'campaign.created',
      'member.added',
      'enchanted-realms-d20.combatant.created',
      'enchanted-realms-d20.combatant.created',
    ]);

    const refused = async (combatants: unknown) => (await admin.request(M.createCampaign, { input: { name: 'Bad', ruleset: 'enchanted-realms-d20', settings: { combatants } } })).body.errors![0];
    expect(await refused([ORC, { ...ORC, name: 'Troll', defense: -3 }])).toMatchObject({
      message: expect.stringContaining("('Troll')"),
      extensions: { code: 'BAD_USER_INPUT', field: 'settings.combatants[1].defense', index: 1, name: 'Troll' },
    });
    expect((await refused([{ ...ORC, skills: ['style slashing'] }])).extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.combatants[0].skills' });
    expect((await refused([{ ...ORC, immunities: ['FIRE'] }])).extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.combatants[0].immunities' });
    expect((await refused([{ ...ORC, characterId: 'x' }])).extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.combatants[0].characterId' });
    expect((await refused({ orc: ORC })).extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.combatants' });
    const names = await env.db.query(`SELECT count(*)::int AS n FROM campaigns WHERE name = 'Bad'`);
    expect(names[0].n).toBe(0);
  });

  it('plays a combat across turns: a crit with Bleeding, its tick on the orc\'s turn, a condition expiring, a bandage and a rest', async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-d20');
    const { gm, campaignId } = table;
    const [ada, bo] = table.players;

    // Combatants: Ada's own character, by Ada; the orc, a foe, by the GM alone; immunities are the GM's.
    const anaInput = { campaignId, characterId: ada.characterId, name: 'Ana', defense: 12, armorWorn: false, skills: SWORDSWOMAN };
    expect(await ada.client.errorCode(M.create, { input: { ...anaInput, immunities: ['FEAR'] } })).toBe('FORBIDDEN');
    expect(await bo.client.errorCode(M.create, { input: anaInput })).toBe('FORBIDDEN');
    expect(await bo.client.errorCode(M.create, { input: { ...ORC, campaignId } })).toBe('FORBIDDEN');
    const ana = (await ada.client.data(M.create, { input: anaInput })).enchantedRealmsD20CreateCombatant.combatant;
    expect(ana).toMatchObject({ name: 'Ana', characterId: ada.characterId, immunities: [], conditions: [], calledCheck: null, standing: { defense: 12 } });
    const orc: CombatantShape = (await gm.data(M.create, { input: { ...ORC, campaignId } })).enchantedRealmsD20CreateCombatant.combatant;
    const again = await ada.client.request(M.create, { input: anaInput });
    expect(again.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'CHARACTER_ALREADY_COMBATANT' });

    // The GM starts the combat tracker: Ana, then the orc.
    expect(await ada.client.errorCode(M.start, { input: { campaignId, combatantIds: [ana.id, orc.id] } })).toBe('FORBIDDEN');
    const started = (await gm.data(M.start, { input: { campaignId, combatantIds: [ana.id, orc.id] } })).enchantedRealmsD20StartCombat;
    expect(started.started).toEqual({ combatantId: ana.id, round: 1, bleedingDamage: 0, confusion: null });
    expect(started.combat).toMatchObject({ status: 'ACTIVE', round: 1, turnOf: ana.id });
    const encounterId: string = started.combat.id;

    // Which events of the stream crit is the seed's secret; the test reads it to know when Ana's
    // swing will crit, and moves the log on with dice rolls until then.
    const seed = await seedOf(campaignId);
    const swing = { attackerId: ana.id, targetId: orc.id, kind: 'MELEE', skills: SWORDSWOMAN, damagePerHit: 2 };
    let target = orc;
    const swingWhen = async (wanted: (roll: AttackRoll) => boolean) => {
      const setup: AttackSetup = {
        kind: 'MELEE', skillDice: 5, advantage: false, disadvantage: false, modifier: 0, defense: target.standing.defense, damagePerHit: 2,
        critEnabled: true, targetImmunities: target.immunities as AttackSetup['targetImmunities'], targetArmorWorn: target.armorWorn,
      };
      let seq: number = (await gm.data(CAMPAIGN, { id: campaignId })).campaign.lastEventSeq + 1;
      for (let step = 0; step < 5000; step += 1, seq += 1) {
        const predicted = rollAttack(setup, new RandomStream(seed, seq));
        if (wanted(predicted)) {
          const answer = (await ada.client.data(M.attack, { input: swing })).enchantedRealmsD20Attack;
          expect(answer.eventSeq).toBe(seq);
          // What the server rolled is what the stream of that event gives.
          expect(answer.dice.map((die: { value: number }) => die.value)).toEqual(predicted.dice.map((die) => die.value));
          expect(answer.crits.map((crit: { roll: number }) => crit.roll)).toEqual(predicted.crits.map((crit) => crit.roll));
          target = answer.target;
          return answer;
        }
        expect((await gm.data(M.roll, { input: { campaignId, expression: '1d2' } })).rollDice.eventSeq).toBe(seq);
      }
      throw new Error('no event of 5000 gave the wanted attack');
    };

    // A crit that makes the orc bleed. Every crit awards one d20, read like the others.
    const bleeding = await swingWhen((roll) => roll.crits.some((crit) => crit.effect === 'BLEEDING' && crit.applied));
    expect(bleeding.setup).toMatchObject({ kind: 'MELEE', skillDice: 5, critEnabled: true });
    expect(bleeding.dice.filter((die: { awarded: boolean }) => die.awarded).length).toBeGreaterThanOrEqual(1);
    for (const [index, die] of bleeding.dice.entries()) {
      expect(die.crit).toBe(die.natural20 && (die.awarded || index < 5));
      expect(die.hit).toBe(die.natural20 || (!die.natural1 && die.total >= bleeding.setup.defense));
    }
    expect(bleeding.crits.length).toBe(bleeding.dice.filter((die: { crit: boolean }) => die.crit).length);
    expect(bleeding.damage).toBe(bleeding.hits * 2 + bleeding.critDamage);
    expect(bleeding.target.conditions).toContainEqual({ name: 'BLEEDING', lastsUntil: 'UNTIL_BANDAGED_OR_HEALED', inflictedBy: ana.id, turnsBegun: 0, randomTarget: null });
    expect(bleeding.target.standing.bleeding).toBe(true);
    for (const crit of bleeding.crits.filter((each: { effect: string }) => ['AWE_STRUCK', 'CRUSHED'].includes(each.effect))) {
      expect(crit).toMatchObject({ applied: false, ignoredBecause: expect.stringMatching(/^IMMUNE_TO_(FEAR|STUN)$/) });
    }

    // Another crit that leaves a condition lasting until the end of the orc's next turn.
    const turnBound = (crit: { effect: string; lastsUntil: string; applied: boolean }) => crit.lastsUntil === 'END_OF_ITS_NEXT_TURN' && crit.applied;
    const timed = await swingWhen((roll) => roll.crits.some(turnBound));
    const expiring: string = timed.crits.find(turnBound).effect;
    expect(timed.target.conditions).toContainEqual(expect.objectContaining({ name: expiring, lastsUntil: 'END_OF_ITS_NEXT_TURN', turnsBegun: 0 }));

    // A player acts for their own combatant only; the foe is the GM's.
    expect(await ada.client.errorCode(M.attack, { input: { ...swing, attackerId: orc.id, targetId: ana.id } })).toBe('FORBIDDEN');
    expect(await bo.client.errorCode(M.attack, { input: swing })).toBe('FORBIDDEN');
    expect(await ada.client.errorCode(M.attack, { input: { ...swing, grantsCrit: true } })).toBe('FORBIDDEN');

    // Ana's turn ends; the orc's begins and it bleeds 1. Only the GM moves the tracker on.
    expect(await ada.client.errorCode(M.next, { input: { encounterId } })).toBe('FORBIDDEN');
    const orcsTurn = (await gm.data(M.next, { input: { encounterId } })).enchantedRealmsD20NextTurn;
    expect(orcsTurn).toMatchObject({ endedTurnOf: ana.id, started: { combatantId: orc.id, round: 1, bleedingDamage: 1 } });
    const orcNow = () => orcsTurn.combat.combatants.find((each: { id: string }) => each.id === orc.id);
    expect(orcNow().damageTaken).toBe(target.damageTaken + 1);
    expect(orcNow().conditions.find((each: { name: string }) => each.name === expiring).turnsBegun).toBe(1);

    // The orc's turn ends: the condition that lasted until then expires; Bleeding stays.
    const anasTurn = (await gm.data(M.next, { input: { encounterId } })).enchantedRealmsD20NextTurn;
    expect(anasTurn).toMatchObject({ endedTurnOf: orc.id, started: { combatantId: ana.id, round: 2, bleedingDamage: 0 } });
    expect(anasTurn.expired).toContainEqual({ combatantId: orc.id, condition: expiring, inflictedBy: ana.id });
    const orcAfter = anasTurn.combat.combatants.find((each: { id: string }) => each.id === orc.id);
    expect(orcAfter.conditions.map((each: { name: string }) => each.name)).not.toContain(expiring);
    expect(orcAfter.conditions.map((each: { name: string }) => each.name)).toContain('BLEEDING');

    // Round 2: the orc bleeds again.
    const secondTick = (await gm.data(M.next, { input: { encounterId } })).enchantedRealmsD20NextTurn;
    expect(secondTick.started).toMatchObject({ combatantId: orc.id, round: 2, bleedingDamage: 1 });

    // A bandage stops the bleeding: recorded by the GM for a foe; not by a player.
    const bandage = { combatantId: orc.id, condition: 'BLEEDING', treatment: 'BANDAGE' };
    expect(await bo.client.errorCode(M.treat, { input: bandage })).toBe('FORBIDDEN');
    const salveOnScar = await gm.request(M.treat, { input: { combatantId: orc.id, condition: 'MARKED', treatment: 'SALVE' } });
    expect(salveOnScar.body.errors![0].extensions?.code).toBe('RULE_VIOLATION');
    const treated = (await gm.data(M.treat, { input: bandage })).enchantedRealmsD20Treat;
    expect(treated.combatant.standing.bleeding).toBe(false);

    // The combat as the query reads it is the combat the last move answered (but for the bandage).
    const read = (await ada.client.data(COMBAT_QUERY, { id: encounterId })).enchantedRealmsD20Combat;
    expect(read).toMatchObject({ id: encounterId, status: 'ACTIVE', round: 2, turnOf: orc.id });
    expect(read.combatants.map((each: { id: string }) => each.id)).toEqual([ana.id, orc.id]);

    // The end of the combat, then a short rest, as the GM calls them; a rest during a combat is refused.
    const resting = await gm.request(M.rest, { input: { campaignId, combatantIds: [orc.id] } });
    expect(resting.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'IN_COMBAT' });
    const ended = (await gm.data(M.end, { input: { encounterId } })).enchantedRealmsD20EndCombat;
    expect(ended.combat).toEqual({ id: encounterId, status: 'ENDED' });
    expect(await ada.client.errorCode(M.rest, { input: { campaignId, combatantIds: [ana.id] } })).toBe('FORBIDDEN');
    const rested = (await gm.data(M.rest, { input: { campaignId, combatantIds: [orc.id, ana.id] } })).enchantedRealmsD20ShortRest;
    const lasting = ['GARB_ISSUE', 'MARKED', 'WARDROBE_MALFUNCTION'];
    for (const combatant of rested.combatants) {
      expect(combatant.conditions.every((each: { name: string }) => lasting.includes(each.name))).toBe(true);
    }
    const afterEnd = await gm.request(M.next, { input: { encounterId } });
    expect(afterEnd.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'COMBAT_OVER' });

    // The log: one event per move, the attacks' dice in their payloads; nothing secret.
    const { events } = await bo.client.data(EVENTS, { c: campaignId, after: 0 });
    const d20Events = events.filter((event: { type: string }) => event.type.startsWith('enchanted-realms-d20.'));
    expect(d20Events.map((event: { type: string }) => event.type)).toEqual([
      'enchanted-realms-d20.combatant.created',
      'enchanted-realms-d20.combatant.created',
      'enchanted-realms-d20.combat.started',
      'enchanted-realms-d20.attack',
      'enchanted-realms-d20.attack',
      'enchanted-realms-d20.turn.advanced',
      'enchanted-realms-d20.turn.advanced',
      'enchanted-realms-d20.turn.advanced',
      'enchanted-realms-d20.condition.treated',
      'enchanted-realms-d20.combat.ended',
      'enchanted-realms-d20.short-rest',
    ]);
    const attackEvent = d20Events.find((event: { seq: number }) => event.seq === bleeding.eventSeq);
    expect(attackEvent.payload).toMatchObject({ attackerId: ana.id, targetId: orc.id, damage: bleeding.damage, crits: expect.any(Array) });
    expect(events.every((event: { secret: unknown }) => event.secret === null)).toBe(true);
    const { seqs, lastEventSeq } = await env.db.eventSeqs(campaignId);
    expect(seqs).toEqual(Array.from({ length: lastEventSeq }, (_, i) => i + 1));

    // Reads: the campaign's combatants and combats, and the character's combatant.
    const { campaign } = await ada.client.data(CAMPAIGN, { id: campaignId });
    expect(campaign.enchantedRealmsD20.activeCombatIds).toEqual([]);
    expect(campaign.enchantedRealmsD20.combats.map((combat: { id: string; status: string }) => [combat.id, combat.status])).toEqual([[encounterId, 'ENDED']]);
    const { character } = await bo.client.data(`query ($id: ID!) { character(id: $id) { enchantedRealmsD20 { id name } } }`, { id: ada.characterId });
    expect(character.enchantedRealmsD20).toEqual({ id: ana.id, name: 'Ana' });
  }, 120_000);

  it('lets the GM call a check and its player roll the one called, by the raw-values table', async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-d20');
    const { gm, campaignId } = table;
    const [ada, bo] = table.players;
    const ana = (await ada.client.data(M.create, { input: { campaignId, characterId: ada.characterId, name: 'Ana', defense: 12, armorWorn: true, skills: ['MELEE_TRAINING'] } }))
      .enchantedRealmsD20CreateCombatant.combatant;
    const awareness = { combatantId: ana.id, kind: 'AWARENESS', dice: 2, modifier: 1, targetValue: 15 };

    // A player rolls no check the GM has not called, and none other than the one called.
    expect(await ada.client.errorCode(M.check, { input: awareness })).toBe('FORBIDDEN');
    expect(await ada.client.errorCode(M.callCheck, { input: { combatantId: ana.id, kind: 'AWARENESS', targetValue: 15 } })).toBe('FORBIDDEN');
    const called = (await gm.data(M.callCheck, { input: { combatantId: ana.id, kind: 'AWARENESS', targetValue: 15, disadvantage: true } })).enchantedRealmsD20CallCheck;
    expect(called.combatant.calledCheck).toEqual({ kind: 'AWARENESS', targetValue: 15, disadvantage: true, subAttribute: null });
    expect(await ada.client.errorCode(M.check, { input: { ...awareness, targetValue: 5 } })).toBe('FORBIDDEN');
    expect(await ada.client.errorCode(M.check, { input: { ...awareness, advantage: true } })).toBe('FORBIDDEN');
    expect(await bo.client.errorCode(M.check, { input: awareness })).toBe('FORBIDDEN');

    // Ada rolls it: the call's disadvantage takes a die away; each die is read on its own.
    const rolled = (await ada.client.data(M.check, { input: awareness })).enchantedRealmsD20Check;
    expect(rolled).toMatchObject({ setup: { kind: 'AWARENESS', sides: 20, poolSize: 1, modifier: 1, targetValue: 15 }, disadvantageFrom: ['INPUT'] });
    expect(rolled.answeredCall).toEqual({ kind: 'AWARENESS', targetValue: 15 });
    expect(rolled.combatant.calledCheck).toBeNull();
    const [die] = rolled.rolled;
    expect(die.success).toBe(die.value === 20 || (die.value !== 1 && die.total >= 15));
    expect(die.quiteDistracted).toBe(die.value === 1);
    // The call is answered: the same check again is refused.
    expect(await ada.client.errorCode(M.check, { input: awareness })).toBe('FORBIDDEN');

    // The GM rolls any check directly: a competition is a d12, read by its total alone.
    const competition = (await gm.data(M.check, { input: { combatantId: ana.id, kind: 'COMPETITION', dice: 3, modifier: 2, targetValue: 9 } })).enchantedRealmsD20Check;
    expect(competition.setup).toEqual({ kind: 'COMPETITION', sides: 12, poolSize: 3, modifier: 2, targetValue: 9 });
    for (const each of competition.rolled) expect(each).toMatchObject({ success: each.value + 2 >= 9, natural20: false });
    expect(competition.successes).toBe(competition.rolled.filter((each: { success: boolean }) => each.success).length);
  });

  it('refuses what the rules refuse and what the caller may not reach, writing nothing', async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-d20');
    const other = await createTable(env.arbiter.url, 'enchanted-realms-d20');
    const { gm, campaignId } = table;
    const create = async (client: Client, input: Record<string, unknown>) => (await client.data(M.create, { input })).enchantedRealmsD20CreateCombatant.combatant.id as string;
    const ana = await create(table.players[0].client, { campaignId, characterId: table.players[0].characterId, name: 'Ana', defense: 12, armorWorn: true, skills: ['MELEE_TRAINING'] });
    const orc = await create(gm, { ...ORC, campaignId });
    const stranger = await create(other.gm, { ...ORC, campaignId: other.campaignId });
    const before = await env.db.eventSeqs(campaignId);

    const ranged = await gm.request(M.attack, { input: { attackerId: ana, targetId: orc, kind: 'RANGED', skills: [] } });
    expect(ranged.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'EMPTY_POOL' });
    const unknownSkill = await gm.request(M.attack, { input: { attackerId: ana, targetId: orc, kind: 'MELEE', skills: ['STYLE_SLASHING'] } });
    expect(unknownSkill.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'SKILL_NOT_KNOWN' });
    const self = await gm.request(M.attack, { input: { attackerId: ana, targetId: ana, kind: 'MELEE', skills: [] } });
    expect(self.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'SAME_COMBATANT' });
    const bandageNothing = await gm.request(M.treat, { input: { combatantId: orc, condition: 'BLEEDING', treatment: 'BANDAGE' } });
    expect(bandageNothing.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'NO_SUCH_CONDITION' });
    const alone = await gm.request(M.start, { input: { campaignId, combatantIds: [orc] } });
    expect(alone.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'combatantIds' });
    const bad = await gm.request(M.attack, { input: { attackerId: ana, targetId: orc, kind: 'MELEE', skills: ['melee'] } });
    expect(bad.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'skills' });

    // Another campaign's combatants and combats do not exist for this one.
    expect(await gm.errorCode(M.attack, { input: { attackerId: orc, targetId: stranger, kind: 'MELEE', skills: ['MELEE_TRAINING'] } })).toBe('NOT_FOUND');
    expect(await gm.errorCode(M.treat, { input: { combatantId: stranger, condition: 'BLEEDING', treatment: 'BANDAGE' } })).toBe('NOT_FOUND');
    expect(await gm.errorCode(M.start, { input: { campaignId, combatantIds: [orc, stranger] } })).toBe('NOT_FOUND');
    const theirs = (await other.gm.data(M.start, { input: { campaignId: other.campaignId, combatantIds: [stranger, await create(other.gm, { ...ORC, campaignId: other.campaignId })] } }))
      .enchantedRealmsD20StartCombat.combat.id;
    expect(await gm.errorCode(M.next, { input: { encounterId: theirs } })).toBe('NOT_FOUND');
    expect(await gm.errorCode(COMBAT_QUERY, { id: theirs })).toBe('NOT_FOUND');
    // A campaign of another ruleset is not played by these rules.
    const tenth = await createTable(env.arbiter.url, 'tenth-realm');
    const elsewhere = await tenth.gm.request(M.create, { input: { ...ORC, campaignId: tenth.campaignId } });
    expect(elsewhere.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'campaignId' });

    expect(await env.db.eventSeqs(campaignId)).toEqual(before);
  });
});
