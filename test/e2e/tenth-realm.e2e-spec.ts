import { Client, createTable } from '../helpers/arbiter.js';
import { range, statementsRun, useTestArbiter } from '../helpers/db-checks.js';
import { expectOutcomesFollow } from '../helpers/verify-outcomes.js';

const SHEET = `tenthRealm { status attributes { strength dexterity willpower heart } attributeCards { attribute card { code color } value }
  redrawnAttributes vanori { name ability resilienceDie } resilience maxResilience resilienceRerolled
  armor { name die originalDie broken } weapon { name die originalDie broken } inventory { slots usedSlots items conditions }
  xp pending { resilienceCheckDue woundsToTend blessingDue nextRollDrReduction bearArmorD4 oxLongRest owlDoubleXp allyAid } owlUsedThisSession }`;
const CHARACTER = `character { id name handCount ${SHEET} }`;
const ROLL = `d20 attributeModifier bonus score baseDr effectiveDr revealed { code color } success natural20 natural1 turnedTheTable
  cardKept { code } burned xpMarked consequenceDue blessingDue eventSeq`;

const M = {
  create: `mutation ($input: TenthRealmCreateCharacterInput!) { tenthRealmCreateCharacter(input: $input) { ${CHARACTER} attributeCards { attribute card { code color } value } eventSeq } }`,
  redraw: `mutation ($input: TenthRealmRedrawAttributeInput!) { tenthRealmRedrawAttribute(input: $input) { card { code } value eventSeq } }`,
  vanori: `mutation ($input: TenthRealmChooseVanoriInput!) { tenthRealmChooseVanori(input: $input) { d6 resilienceRoll maxResilience ${CHARACTER} eventSeq } }`,
  reroll: `mutation ($input: TenthRealmCharacterInput!) { tenthRealmRerollResilience(input: $input) { resilienceRoll maxResilience eventSeq } }`,
  finish: `mutation ($input: TenthRealmFinishCharacterInput!) { tenthRealmFinishCharacter(input: $input) { ${CHARACTER} eventSeq } }`,
  startingRegion: `mutation ($input: TenthRealmCampaignInput!) { tenthRealmRollStartingRegion(input: $input) { d20 eventSeq } }`,
  enter: `mutation ($input: TenthRealmEnterRegionInput!) { tenthRealmEnterRegion(input: $input) { region { hex riskRating descriptor riskCard { code color } notes } firstVisit eventSeq } }`,
  risk: `mutation ($input: TenthRealmSetRiskRatingInput!) { tenthRealmSetRiskRating(input: $input) { region { hex riskRating } eventSeq } }`,
  roll: `mutation ($input: TenthRealmTrialRollInput!) { tenthRealmTrialRoll(input: $input) { ${ROLL} character { handCount ${SHEET} } } }`,
  blessing: `mutation ($input: TenthRealmCharacterInput!) { tenthRealmBlessing(input: $input) { attributes { attribute card { code } omen increase value } badOmens resilienceCard { code } resilienceOmen maxResilience ${CHARACTER} eventSeq } }`,
  startCombat: `mutation ($input: TenthRealmStartCombatInput!) { tenthRealmStartCombat(input: $input) { encounter { id status initiative initiativeCard { code color } enemies { id name resilience status } } eventSeq } }`,
  attack: `mutation ($input: TenthRealmAttackInput!) { tenthRealmAttack(input: $input) { roll { ${ROLL} } damageDie damageRoll armorRoll damage enemy { id resilience status } encounter { status turns { turn kind summary } } eventSeq } }`,
  rest: `mutation ($input: TenthRealmRestInput!) { tenthRealmRest(input: $input) { card { code } omen recovered ${CHARACTER} eventSeq } }`,
  oracle: `mutation ($input: TenthRealmOracleInput!) { tenthRealmOracle(input: $input) { answer cards { code color } eventSeq } }`,
  defend: `mutation ($input: TenthRealmDefendInput!) { tenthRealmDefend(input: $input) { roll { ${ROLL} } hit { damageDie damageRoll armorRoll damage } character { ${SHEET} } encounter { status } eventSeq } }`,
  morale: `mutation ($input: TenthRealmMoraleInput!) { tenthRealmMorale(input: $input) { card { code } morale enemyIds encounter { status enemies { id status morale } } eventSeq } }`,
  endCombat: `mutation ($input: TenthRealmEndCombatInput!) { tenthRealmEndCombat(input: $input) { encounter { status turns { kind summary } } eventSeq } }`,
  burn: `mutation ($input: TenthRealmBurnCardInput!) { tenthRealmBurnCard(input: $input) { setUp aid morale { card { code } morale enemyIds } ${CHARACTER} eventSeq } }`,
  check: `mutation ($input: TenthRealmResilienceCheckInput!) { tenthRealmResilienceCheck(input: $input) { roll { success } incapacitated ${CHARACTER} eventSeq } }`,
  tend: `mutation ($input: TenthRealmConditionInput!) { tenthRealmTendWounds(input: $input) { ${CHARACTER} eventSeq } }`,
  damageGear: `mutation ($input: TenthRealmGearInput!) { tenthRealmDamageGear(input: $input) { ${CHARACTER} eventSeq } }`,
  repairGear: `mutation ($input: TenthRealmGearInput!) { tenthRealmRepairGear(input: $input) { ${CHARACTER} eventSeq } }`,
  reaction: `mutation ($input: TenthRealmCampaignInput!) { tenthRealmReaction(input: $input) { card { code } reaction eventSeq } }`,
  lose: `mutation ($input: TenthRealmLoseResilienceInput!) { tenthRealmLoseResilience(input: $input) { ${CHARACTER} eventSeq } }`,
  condition: `mutation ($input: TenthRealmConditionInput!) { tenthRealmAddCondition(input: $input) { ${CHARACTER} eventSeq } }`,
};

const EVENTS = `query ($c: ID!) { events(campaignId: $c) { seq type payload secret } }`;
/** A table that lets players set their own rolls' DR: these tests are about the rolls, not who sets them (tenth-realm-authority.e2e-spec.ts). */
const LIGHTER = { playersSetDifficulty: true };

describe('the Tenth Realm over HTTP', () => {
  const env = useTestArbiter();

  async function newCharacter(client: Client, campaignId: string, name: string, vanori: string) {
    const created = (await client.data(M.create, { input: { campaignId, name } })).tenthRealmCreateCharacter;
    const id: string = created.character.id;
    await client.data(M.vanori, { input: { characterId: id, vanori } });
    const finished = (await client.data(M.finish, { input: { characterId: id, weaponName: 'Spear' } })).tenthRealmFinishCharacter;
    return { id, created, finished };
  }

  it('reads the decks, members, characters and states of a list of campaigns in one statement each, not one per item', async () => {
    const tables = [await createTable(env.arbiter.url, 'tenth-realm'), await createTable(env.arbiter.url, 'tenth-realm')];
    for (const table of tables) {
      const [ada, bo] = table.players;
      await ada.client.data(M.create, { input: { campaignId: table.campaignId, name: 'Sigrun' } });
      await bo.client.data(M.create, { input: { campaignId: table.campaignId, name: 'Halvard' } });
    }

    let campaigns: any;
    const statements = await statementsRun(env.arbiter.database, async () => {
      ({ campaigns } = await tables[0].admin.data(
        `{ campaigns { id members { name } revealedSeeds { epoch } decks { name } tenthRealm { session }
            characters { name handCount hand { code } tenthRealm { status } } } }`,
      ));
    });
    const ours = campaigns.filter((campaign: { id: string }) => tables.some((table) => table.campaignId === campaign.id));
    expect(ours).toHaveLength(2);
    for (const campaign of ours) {
      expect(campaign.members).toHaveLength(3);
      expect(campaign.characters).toHaveLength(4);
      expect(campaign.characters.filter((character: { tenthRealm: unknown }) => character.tenthRealm !== null)).toHaveLength(2);
      expect(campaign.decks).toHaveLength(1);
    }
    // One statement per level of the query: the decks once for the campaigns, once for all their characters' hands.
    const expected = { decks: 2, members: 1, characters: 1, revealed_seeds: 1 };
    const reads = (table: string) => statements.filter((text) => new RegExp(`FROM "public"\\."${table}" WHERE .*"campaign_id" IN`).test(text)).length;
    expect(Object.fromEntries(Object.keys(expected).map((table) => [table, reads(table)]))).toEqual(expected);
    // The campaigns' states, once for the campaigns and once for all their characters' sheets.
    expect(statements.filter((text) => /FROM "public"\."campaigns" WHERE .*"ruleset"/.test(text))).toHaveLength(2);
  });

  it("answers a trial roll with the sheet a read finds afterwards, and only to the character's player", async () => {
    const table = await createTable(env.arbiter.url, 'tenth-realm', LIGHTER);
    const [ada, bo] = table.players;
    const { id } = await newCharacter(ada.client, table.campaignId, 'Sigrun', 'OX');
    // An impossible DR: a setback, which marks XP on the sheet.
    const roll = { input: { characterId: id, attribute: 'HEART', dr: 100 } };
    // The character's sheet comes from what the move knows (its handCount would read the
    // campaign's decks, in a round trip of its own, with the writes).
    const trialRoll = `mutation ($input: TenthRealmTrialRollInput!) { tenthRealmTrialRoll(input: $input) { ${ROLL} character { ${SHEET} } } }`;
    const answer = await ada.client.data(trialRoll, roll);
    // The sheet answered is the sheet a read finds.
    const read = await ada.client.data(`query ($id: ID!) { character(id: $id) { ${SHEET} } }`, { id });
    expect(answer.tenthRealmTrialRoll.character).toEqual(read.character);
    expect(answer.tenthRealmTrialRoll.character.tenthRealm.xp).toBeGreaterThan(0);
    // The known owner still decides: another player is refused, as before.
    expect(await bo.client.errorCode(M.roll, roll)).toBe('FORBIDDEN');
    // A burn naming another campaign's character finds nothing there, and writes nothing.
    const elsewhere = await createTable(env.arbiter.url, 'tenth-realm');
    const stranger = await newCharacter(elsewhere.players[0].client, elsewhere.campaignId, 'Stranger', 'OX');
    const before = await env.db.eventSeqs(table.campaignId);
    const burn = { characterId: stranger.id, cardId: 'AS', effect: 'AID_AN_ALLY' };
    expect(await ada.client.errorCode(M.roll, { input: { ...roll.input, burns: [burn] } })).toBe('NOT_FOUND');
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
  });

  it('plays a session: creation, a region, rolls to a blessing, a combat won, a rest and the oracle', async () => {
    const table = await createTable(env.arbiter.url, 'tenth-realm', LIGHTER);
    const { gm, campaignId, deckId } = table;
    const [ada, bo] = table.players;

    // The campaign came with its shared deck.
    const campaign = (await gm.data(`query ($id: ID!) { campaign(id: $id) { tenthRealm { deckId session currentRegion { hex } } } }`, { id: campaignId })).campaign;
    expect(campaign.tenthRealm).toEqual({ deckId, session: 1, currentRegion: null });

    // Creation: four cards revealed, each with the value of its suit.
    const created = (await ada.client.data(M.create, { input: { campaignId, name: 'Sigrun' } })).tenthRealmCreateCharacter;
    const sigrun: string = created.character.id;
    expect(created.attributeCards).toHaveLength(4);
    for (const { card, value } of created.attributeCards) {
      expect(value).toBe({ H: 2, D: 1, C: 0, S: -1 }[card.code.slice(-1) as 'H']);
    }
    expect(created.character.tenthRealm.status).toBe('DRAFT');

    // Two redraws are allowed; a third attribute is refused, and the refusal writes nothing.
    await ada.client.data(M.redraw, { input: { characterId: sigrun, attribute: 'STRENGTH' } });
    await ada.client.data(M.redraw, { input: { characterId: sigrun, attribute: 'HEART' } });
    const before = await env.db.eventSeqs(campaignId);
    const third = await ada.client.request(M.redraw, { input: { characterId: sigrun, attribute: 'DEXTERITY' } });
    expect(third.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'TOO_MANY_REDRAWS' });
    expect(third.body.errors![0].message).toBe('a third attribute cannot be redrawn');
    expect(await env.db.eventSeqs(campaignId)).toEqual(before);

    // A player cannot act for another's character.
    expect(await bo.client.errorCode(M.reroll, { input: { characterId: sigrun } })).toBe('FORBIDDEN');

    const chosen = (await ada.client.data(M.vanori, { input: { characterId: sigrun, vanori: 'OX' } })).tenthRealmChooseVanori;
    expect(chosen.maxResilience).toBe(chosen.resilienceRoll + 3);
    expect(chosen.resilienceRoll).toBeGreaterThanOrEqual(1);
    expect(chosen.resilienceRoll).toBeLessThanOrEqual(12);
    await ada.client.data(M.reroll, { input: { characterId: sigrun } });
    expect((await ada.client.request(M.reroll, { input: { characterId: sigrun } })).body.errors![0].extensions!.reason).toBe('RESILIENCE_ALREADY_REROLLED');
    const finished = (await ada.client.data(M.finish, { input: { characterId: sigrun, weaponName: 'Axe' } })).tenthRealmFinishCharacter;
    expect(finished.character.tenthRealm).toMatchObject({
      status: 'ACTIVE',
      armor: { die: 4, originalDie: 4, broken: false },
      weapon: { name: 'Axe', die: 6, broken: false },
      inventory: { slots: 10, usedSlots: 1, items: [], conditions: [] },
      xp: 0,
    });

    const { id: brand } = await newCharacter(bo.client, campaignId, 'Brand', 'ELK');

    // The map: a starting d20, then the first hex and its risk card.
    const start = (await gm.data(M.startingRegion, { input: { campaignId } })).tenthRealmRollStartingRegion;
    expect(start.d20).toBeGreaterThanOrEqual(1);
    expect(start.d20).toBeLessThanOrEqual(20);
    // The group is in the starting hex; it is described (and its risk revealed) when entered.
    const where = `query ($id: ID!) { campaign(id: $id) { tenthRealm { currentHex currentRegion { hex } } } }`;
    expect((await ada.client.data(where, { id: campaignId })).campaign.tenthRealm).toEqual({ currentHex: String(start.d20), currentRegion: null });
    const entered = (await ada.client.data(M.enter, { input: { campaignId, hex: String(start.d20), notes: 'a fjord' } })).tenthRealmEnterRegion;
    expect(entered.firstVisit).toBe(true);
    expect((await ada.client.data(where, { id: campaignId })).campaign.tenthRealm).toEqual({ currentHex: String(start.d20), currentRegion: { hex: String(start.d20) } });
    expect(entered.region.riskRating).toBe({ H: 1, D: 2, C: 2, S: 3 }[entered.region.riskCard.code.slice(-1) as 'H']);
    expect(await ada.client.errorCode(M.risk, { input: { campaignId, hex: String(start.d20), riskRating: 4 } })).toBe('FORBIDDEN');
    const risk = (await gm.data(M.risk, { input: { campaignId, hex: String(start.d20), riskRating: 2 } })).tenthRealmSetRiskRating;
    expect(risk.region.riskRating).toBe(2);

    // Trial rolls against an impossible DR: every one is a setback and marks 1 XP, revealing 2 cards.
    for (const n of range(8)) {
      const roll = (await ada.client.data(M.roll, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: 100 } })).tenthRealmTrialRoll;
      const blacks = roll.revealed.filter((card: { color: string }) => card.color === 'BLACK').length;
      expect(roll).toMatchObject({ success: false, xpMarked: 1, consequenceDue: true, cardKept: null, baseDr: 100 });
      expect(roll.revealed).toHaveLength(2);
      expect(roll.effectiveDr).toBe(100 + 2 * blacks);
      expect(roll.score).toBe(roll.d20 + roll.attributeModifier);
      expect(roll.character.tenthRealm.xp).toBe(n);
      expect(roll.blessingDue).toBe(n === 8);
    }
    // A fate roll reveals nothing and marks nothing.
    const fate = (await ada.client.data(M.roll, { input: { characterId: sigrun, attribute: 'HEART', dr: 100, fate: true } })).tenthRealmTrialRoll;
    expect(fate).toMatchObject({ revealed: [], xpMarked: 0, cardKept: null, success: false });

    // A successful roll keeps a revealed card, red when one was red; the hand is the owner's secret.
    const easy = (await bo.client.data(M.roll, { input: { characterId: brand, attribute: 'HEART', dr: -50 } })).tenthRealmTrialRoll;
    expect(easy.success).toBe(true);
    const firstRed = easy.revealed.find((card: { color: string }) => card.color === 'RED');
    expect(easy.cardKept).toEqual({ code: (firstRed ?? easy.revealed[0]).code });
    const hands = `query ($id: ID!) { character(id: $id) { handCount hand { code } } }`;
    expect((await bo.client.data(hands, { id: brand })).character).toEqual({ handCount: 1, hand: [{ code: easy.cardKept.code }] });
    expect((await ada.client.data(hands, { id: brand })).character).toEqual({ handCount: 1, hand: null });
    // Another player cannot burn that card; its owner can, and then no card is kept.
    const burnForBrand = { characterId: brand, cardId: easy.cardKept.code, effect: 'AID_AN_ALLY' };
    expect(await ada.client.errorCode(M.roll, { input: { characterId: sigrun, attribute: 'HEART', dr: 9, burns: [burnForBrand] } })).toBe('FORBIDDEN');
    const notHeld = await bo.client.request(M.roll, { input: { characterId: brand, attribute: 'HEART', burns: [{ characterId: brand, cardId: 'AS' === easy.cardKept.code ? 'KS' : 'AS', effect: 'CALL_THE_GODS' }] } });
    expect(notHeld.body.errors![0]).toMatchObject({ message: 'that card is not in your hand', extensions: { code: 'RULE_VIOLATION' } });
    const called = (await bo.client.data(M.roll, { input: { characterId: brand, attribute: 'HEART', dr: -50, burns: [{ characterId: brand, cardId: easy.cardKept.code, effect: 'CALL_THE_GODS' }] } })).tenthRealmTrialRoll;
    expect(called).toMatchObject({ success: true, bonus: 2, cardKept: null, burned: [easy.cardKept.code] });
    expect(called.score).toBe(called.d20 + called.attributeModifier + 2);

    // The blessing, once the track is full.
    expect((await bo.client.request(M.blessing, { input: { characterId: brand } })).body.errors![0].message).toBe('the XP track is not full (0 of 8)');
    const blessed = (await ada.client.data(M.blessing, { input: { characterId: sigrun } })).tenthRealmBlessing;
    expect(blessed.attributes).toHaveLength(4);
    expect(blessed.character.tenthRealm.xp).toBe(0);
    expect(blessed.badOmens).toBe(blessed.attributes.filter((a: { card: { code: string } }) => a.card.code.endsWith('S')).length);

    // Bo's ELK aids Sigrun ahead of her roll, from his own hand with his own key: +3, and no card kept.
    const kept = (await bo.client.data(M.roll, { input: { characterId: brand, attribute: 'HEART', dr: -50 } })).tenthRealmTrialRoll.cardKept.code;
    const aid = (await bo.client.data(M.burn, { input: { characterId: brand, cardId: kept, effect: 'AID_AN_ALLY', targetCharacterId: sigrun } })).tenthRealmBurnCard;
    expect(aid).toMatchObject({ setUp: 'AID_AN_ALLY', aid: 3 });
    const aided = (await ada.client.data(M.roll, { input: { characterId: sigrun, attribute: 'STRENGTH', dr: -50 } })).tenthRealmTrialRoll;
    expect(aided).toMatchObject({ bonus: 3, success: true, cardKept: null });
    expect(aided.character.tenthRealm.pending.allyAid).toBe(0);

    // A combat against one weak enemy: any attack that lands a point wins it.
    const started = (await gm.data(M.startCombat, {
      input: { campaignId, characterIds: [sigrun, brand], enemies: [{ name: 'Draugr', resilience: 1, weaponDie: 6 }] },
    })).tenthRealmStartCombat;
    expect(started.encounter.initiative).toBe(started.encounter.initiativeCard.color === 'RED' ? 'PLAYERS' : 'ENEMIES');
    const encounterId: string = started.encounter.id;
    const hit = (await ada.client.data(M.attack, { input: { encounterId, characterId: sigrun, enemyId: 'e1', attribute: 'STRENGTH' } })).tenthRealmAttack;
    expect(hit.damage).toBe(hit.damageRoll - hit.armorRoll);
    expect(hit.enemy).toEqual({ id: 'e1', resilience: 0, status: 'DOWN' });
    expect(hit.encounter.status).toBe('WON');
    expect(hit.encounter.turns).toHaveLength(1);
    const shown = (await bo.client.data(`query ($id: ID!) { encounter(id: $id) { status initiative enemies { id resilience weaponDie status } turns { kind } } }`, { id: encounterId })).encounter;
    expect(shown).toMatchObject({ status: 'WON', enemies: [{ id: 'e1', resilience: 0, weaponDie: 6, status: 'DOWN' }], turns: [{ kind: 'ATTACK' }] });

    // A consequence costs resilience and adds a condition; a full rest clears it and restores resilience.
    // (The blessing may have raised max resilience above the current one, so compare with before.)
    const unhurt = (await gm.data(`query ($id: ID!) { character(id: $id) { tenthRealm { resilience } } }`, { id: sigrun })).character.tenthRealm.resilience;
    const hurt = (await gm.data(M.lose, { input: { characterId: sigrun, amount: 2 } })).tenthRealmLoseResilience;
    expect(hurt.character.tenthRealm.resilience).toBe(Math.max(0, unhurt - 2));
    expect(await ada.client.errorCode(M.lose, { input: { characterId: sigrun, amount: 2 } })).toBe('FORBIDDEN');
    await gm.data(M.condition, { input: { characterId: sigrun, condition: 'Frostbite' } });
    const rested = (await ada.client.data(M.rest, { input: { characterId: sigrun, kind: 'FULL', clearCondition: 'Frostbite' } })).tenthRealmRest;
    expect(rested.character.tenthRealm.inventory.conditions).toEqual([]);
    expect(rested.character.tenthRealm.resilience).toBe(rested.character.tenthRealm.maxResilience);
    const short = (await bo.client.data(M.rest, { input: { characterId: brand, kind: 'SHORT' } })).tenthRealmRest;
    expect(short.recovered).toBe(0);
    expect(short.omen).toBe({ H: 'SERENE', D: 'CALM', C: 'TROUBLE_IS_AHEAD', S: 'TROUBLE_IS_HERE' }[short.card.code.slice(-1) as 'H']);

    const asked = (await bo.client.data(M.oracle, { input: { campaignId, question: 'Is the hall empty?', factors: 2 } })).tenthRealmOracle;
    expect(asked.cards).toHaveLength(3);
    const reds = asked.cards.filter((card: { color: string }) => card.color === 'RED').length;
    expect(asked.answer).toBe(reds >= 2 ? 'STRONG_YES' : reds === 1 ? 'WEAK_YES' : 'NO');

    // The log: every action once, in order, gap-free, and the deck still whole.
    const { events } = await gm.data(EVENTS, { c: campaignId });
    expect(events.map((event: { seq: number }) => event.seq)).toEqual(range(events.length));
    const ours = events.filter((event: { type: string }) => event.type.startsWith('tenth-realm.')).map((event: { type: string }) => event.type);
    expect(ours).toEqual([
      'tenth-realm.character.created',
      'tenth-realm.attribute.redrawn',
      'tenth-realm.attribute.redrawn',
      'tenth-realm.vanori.chosen',
      'tenth-realm.resilience.rerolled',
      'tenth-realm.character.finished',
      'tenth-realm.character.created',
      'tenth-realm.vanori.chosen',
      'tenth-realm.character.finished',
      'tenth-realm.starting-region-rolled',
      'tenth-realm.region.entered',
      'tenth-realm.risk-rating.set',
      ...range(9).map(() => 'tenth-realm.trial-rolled'),
      'tenth-realm.trial-rolled',
      'tenth-realm.trial-rolled',
      'tenth-realm.blessing',
      'tenth-realm.trial-rolled',
      'tenth-realm.card.burned',
      'tenth-realm.trial-rolled',
      'tenth-realm.combat.started',
      'tenth-realm.combat.attack',
      'tenth-realm.resilience.lost',
      'tenth-realm.condition.added',
      'tenth-realm.rested',
      'tenth-realm.rested',
      'tenth-realm.oracle',
    ]);
    const calledRoll = events.filter((event: { type: string }) => event.type === 'tenth-realm.trial-rolled').at(-3);
    expect(calledRoll.payload).toMatchObject({ characterId: brand, success: true, burned: [easy.cardKept.code] });
    expect(events.find((event: { type: string }) => event.type === 'tenth-realm.oracle').payload).toMatchObject({ question: 'Is the hall empty?', answer: asked.answer });
    expect(await env.db.deckIsConserved(deckId)).toBe(true);
    await expectOutcomesFollow(gm, ada.client, campaignId);
  });

  it('loses a fight: burns against enemies, defences, a resilience check, incapacitation and tended wounds', async () => {
    const table = await createTable(env.arbiter.url, 'tenth-realm', LIGHTER);
    const { gm, campaignId, deckId } = table;
    const [ada, bo] = table.players;
    const { id: wolf } = await newCharacter(ada.client, campaignId, 'Ulfa', 'WOLF');
    const { id: raven } = await newCharacter(bo.client, campaignId, 'Hrafn', 'RAVEN');

    // GM-only actions are refused to players, and write nothing.
    const before = await env.db.eventSeqs(campaignId);
    const enemies = [{ name: 'Troll', resilience: 50, armorDie: 6, weaponDie: 12 }, { name: 'Wolfling', resilience: 5, weaponDie: 4 }];
    expect(await ada.client.errorCode(M.startCombat, { input: { campaignId, characterIds: [wolf], enemies } })).toBe('FORBIDDEN');
    expect(await ada.client.errorCode(M.reaction, { input: { campaignId } })).toBe('FORBIDDEN');
    expect(await ada.client.errorCode(M.damageGear, { input: { characterId: wolf, gear: 'ARMOR' } })).toBe('FORBIDDEN');
    expect(await env.db.eventSeqs(campaignId)).toEqual(before);

    // The GM damages armor: d4 → broken; and repairs it.
    const broken = (await gm.data(M.damageGear, { input: { characterId: raven, gear: 'ARMOR' } })).tenthRealmDamageGear;
    expect(broken.character.tenthRealm.armor).toMatchObject({ die: null, broken: true, originalDie: 4 });
    const repaired = (await gm.data(M.repairGear, { input: { characterId: raven, gear: 'ARMOR' } })).tenthRealmRepairGear;
    expect(repaired.character.tenthRealm.armor).toMatchObject({ die: 4, broken: false });

    const started = (await gm.data(M.startCombat, { input: { campaignId, characterIds: [wolf, raven], enemies } })).tenthRealmStartCombat;
    const encounterId: string = started.encounter.id;
    expect(started.encounter.enemies.map((enemy: { id: string }) => enemy.id)).toEqual(['e1', 'e2']);
    expect(await gm.errorCode(M.startCombat, { input: { campaignId, characterIds: [wolf], enemies } })).toBe('RULE_VIOLATION');

    // Cards to burn: successful rolls keep one each.
    for (const [client, id] of [[ada.client, wolf], [bo.client, raven]] as const) {
      const roll = (await client.data(M.roll, { input: { characterId: id, attribute: 'HEART', dr: -50 } })).tenthRealmTrialRoll;
      expect(roll.success).toBe(true);
    }
    const handOf = async (client: Client, id: string) =>
      (await client.data(`query ($id: ID!) { character(id: $id) { hand { code } } }`, { id })).character.hand.map((card: { code: string }) => card.code);
    // With no risk revealed (no region entered), nothing was kept.
    expect(await handOf(ada.client, wolf)).toEqual([]);
    const entered = (await gm.data(M.enter, { input: { campaignId, hex: 'B4' } })).tenthRealmEnterRegion;
    expect(entered.region.riskRating).toBeGreaterThan(0);
    for (const [client, id] of [[ada.client, wolf], [bo.client, raven]] as const) {
      await client.data(M.roll, { input: { characterId: id, attribute: 'HEART', dr: -50 } });
    }
    const [wolfCard] = await handOf(ada.client, wolf);
    const [ravenCard] = await handOf(bo.client, raven);

    // WOLF forces a morale check on the Wolfling; RAVEN steps the Troll's next damage die down.
    const howl = (await ada.client.data(M.burn, { input: { characterId: wolf, cardId: wolfCard, effect: 'VANORI', targetEnemyId: 'e2' } })).tenthRealmBurnCard;
    expect(howl.setUp).toBe('MORALE_CHECK');
    expect(howl.morale.enemyIds).toEqual(['e2']);
    expect(howl.morale.morale).toBe({ H: 'PANIC_AND_FLEE', D: 'SURRENDER_OR_NEGOTIATE', C: 'STAY_IN_THE_FIGHT', S: 'DOUBLE_DOWN' }[howl.morale.card.code.slice(-1) as 'H']);
    const croak = (await bo.client.data(M.burn, { input: { characterId: raven, cardId: ravenCard, effect: 'VANORI', targetEnemyId: 'e1' } })).tenthRealmBurnCard;
    expect(croak.setUp).toBe('DAMAGE_STEP_DOWN');
    const troll = (await bo.client.data(`query ($id: ID!) { encounter(id: $id) { enemies { id damageStepDownPending } } }`, { id: encounterId })).encounter.enemies[0];
    expect(troll).toEqual({ id: 'e1', damageStepDownPending: true });

    // The Troll hits the Raven (a certain setback): its d12 steps down to a d10 (a natural 1 would step
    // it up first, but a d12 stepped up stays a d12).
    const first = (await bo.client.data(M.defend, { input: { encounterId, characterId: raven, enemyId: 'e1', attribute: 'DEXTERITY', dr: 100 } })).tenthRealmDefend;
    expect(first.roll.success).toBe(false);
    expect(first.hit.damageDie).toBe(10);
    expect(first.hit.damage).toBe(Math.max(0, first.hit.damageRoll - first.hit.armorRoll));

    // The GM calls a morale check for everyone still fighting.
    const morale: { enemyIds: string[] } = (await gm.data(M.morale, { input: { encounterId } })).tenthRealmMorale;
    expect(morale.enemyIds.length).toBeGreaterThan(0);

    // The Troll keeps hitting the Raven until she falls.
    let defence = first;
    for (let blow = 0; defence.character.tenthRealm.resilience > 0 && defence.encounter.status === 'ACTIVE' && blow < 60; blow++) {
      const result = await bo.client.request(M.defend, { input: { encounterId, characterId: raven, enemyId: 'e1', attribute: 'DEXTERITY', dr: 100 } });
      if (result.body.errors) break; // the Troll fled or surrendered at the morale check
      defence = result.body.data!.tenthRealmDefend;
    }
    const trollStatus = (await gm.data(`query ($id: ID!) { encounter(id: $id) { status enemies { status } } }`, { id: encounterId })).encounter;
    if (trollStatus.enemies[0].status === 'FIGHTING') {
      expect(defence.character.tenthRealm.resilience).toBe(0);
      expect(defence.character.tenthRealm.pending.resilienceCheckDue).toBe(true);
      // Resting is refused while the check is due.
      expect((await bo.client.request(M.rest, { input: { characterId: raven, kind: 'SHORT' } })).body.errors![0].message).toBe('a resilience check is due first');
      const check = (await bo.client.data(M.check, { input: { characterId: raven, dr: 100 } })).tenthRealmResilienceCheck;
      expect(check).toMatchObject({ incapacitated: true, roll: { success: false } });
      expect(check.character.tenthRealm.status).toBe('INCAPACITATED');
      expect(await bo.client.errorCode(M.roll, { input: { characterId: raven, attribute: 'HEART' } })).toBe('RULE_VIOLATION');
      const tended = (await gm.data(M.tend, { input: { characterId: raven, condition: 'Broken rib' } })).tenthRealmTendWounds;
      expect(tended.character.tenthRealm).toMatchObject({ status: 'ACTIVE', resilience: 1, inventory: { conditions: ['Broken rib'] } });
    }

    if ((await gm.data(`query ($id: ID!) { encounter(id: $id) { status } }`, { id: encounterId })).encounter.status === 'ACTIVE') {
      const ended = (await gm.data(M.endCombat, { input: { encounterId, outcome: 'PLAYERS_WITHDREW' } })).tenthRealmEndCombat;
      expect(ended.encounter.status).toBe('PLAYERS_WITHDREW');
      expect(ended.encounter.turns.at(-1)).toEqual({ kind: 'END', summary: 'PLAYERS_WITHDREW' });
    }
    expect(await gm.errorCode(M.morale, { input: { encounterId } })).toBe('RULE_VIOLATION');

    // Every random value of the session, and every outcome drawn from them, can be verified once the seed is revealed.
    await expectOutcomesFollow(gm, ada.client, campaignId);
    expect(await env.db.deckIsConserved(deckId)).toBe(true);
    const { seqs, lastEventSeq } = await env.db.eventSeqs(campaignId);
    expect(seqs).toEqual(range(lastEventSeq));
  });

  it('refuses tenth-realm mutations on a campaign of another ruleset, writing nothing', async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-cards');
    const before = await env.db.eventSeqs(table.campaignId);
    const response = await table.gm.request(M.create, { input: { campaignId: table.campaignId, name: 'Nobody' } });
    expect(response.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
    expect(await env.db.query('SELECT id FROM characters WHERE campaign_id = $1 AND name = $2', [table.campaignId, 'Nobody'])).toEqual([]);
  });
});
