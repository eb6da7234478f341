import { Client, createTable, TEST_ADMIN_KEY } from '../helpers/arbiter.js';
import { range, statementsRun, useTestArbiter } from '../helpers/db-checks.js';

const SHEET = `enchantedRealms { heroCard { id } creatureCard { id } tableCards { id type }
  attributes { STR AGL PRE } skills { COMBAT SPELLCASTING } bonuses { WEAPON ARMOR SPELL ENHANCE SPECIAL } health maxHealth defeated }`;
const DRAW = `characterId forTheGameCard { id } action attribute card { id attributes } force modifiers { term value } modifierTotal adjusted`;

const M = {
  create: `mutation ($input: EnchantedRealmsCreateCharacterInput!) { enchantedRealmsCreateCharacter(input: $input) { character { id name memberId handCount ${SHEET} } eventSeq } }`,
  draw: `mutation ($input: EnchantedRealmsDrawInput!) { enchantedRealmsDraw(input: $input) {
    draw { ${DRAW} } counterDraw { ${DRAW} } challengeNumber success winnerId margin damage targetHealth defeated foesLeft reshuffled overcome { force from cardId } callSeq eventSeq } }`,
  call: `mutation ($input: EnchantedRealmsCallDrawInput!) { enchantedRealmsCallDraw(input: $input) { call { seq actorId action attribute challengeNumber forTheGameCardId challengeForce } eventSeq } }`,
  count: `mutation ($input: EnchantedRealmsCountCreaturesInput!) { enchantedRealmsCountCreatures(input: $input) { creature { id } cards { id attributes } forces sum count eventSeq } }`,
  addFoes: `mutation ($input: EnchantedRealmsAddFoesInput!) { enchantedRealmsAddFoes(input: $input) { foe { id creature { id } count healthEach health } eventSeq } }`,
  award: `mutation ($input: EnchantedRealmsAwardInput!) { enchantedRealmsAward(input: $input) { character { id handCount ${SHEET} } card { id type } challengeForce eventSeq } }`,
  quest: `mutation ($input: EnchantedRealmsCompleteQuestInput!) { enchantedRealmsCompleteQuest(input: $input) { character { id ${SHEET} } eventSeq } }`,
  barter: `mutation ($input: EnchantedRealmsBarterInput!) { enchantedRealmsBarter(input: $input) { completed withLeadPlayer giveWorth takeWorth balance awaitingCharacterId eventSeq } }`,
  reconcile: `mutation ($input: EnchantedRealmsReconcileInput!) { enchantedRealmsReconcile(input: $input) { hands { characterId count drawn returned } leadHandCount leadReturned eventSeq } }`,
  drawCards: `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id type attributes } eventSeq } }`,
  endScene: `mutation ($input: EndSceneInput!) { endScene(input: $input) { eventSeq decks { id drawPileCount discardPile { id } table { id } hands { characterId count } } } }`,
  createCampaign: `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } gmKey } }`,
};
const CAMPAIGN = `query ($id: ID!) { campaign(id: $id) { enchantedRealms { deckId leadHandCount leadHand { id type } } decks { id name cardCount drawPileCount } } }`;
const HAND = `query ($id: ID!) { character(id: $id) { handCount hand { id type attributes } ${SHEET} } }`;
const EVENTS = `query ($c: ID!) { events(campaignId: $c, limit: 1000) { seq type payload secret } }`;

interface CardShape {
  id: string;
  type: string;
  attributes: { force: number };
}
interface EventShape {
  seq: number;
  type: string;
  payload: Record<string, any>;
  secret: Record<string, any> | null;
}

/** Every text in a JSON value: the card ids of an event's secret. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(stringsIn) : [];

describe('Enchanted Realms (card edition) over HTTP', () => {
  const env = useTestArbiter();

  it('answers a move’s character as a read finds it afterwards', async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-cards');
    const { gm, campaignId, deckId } = table;
    const [fighter, orc] = ['hero-fighter-1', 'creature-orc-1'];
    // A card in the Lead Player's hand is not available: the GM puts it back under the deck.
    const leadHand = (await gm.data(CAMPAIGN, { id: campaignId })).campaign.enchantedRealms.leadHand.map((card: CardShape) => card.id);
    const held = [fighter, orc].filter((id) => leadHand.includes(id));
    if (held.length > 0) {
      await gm.data(`mutation ($input: MoveCardsInput!) { moveCards(input: $input) { eventSeq } }`, { input: { deckId, cardIds: held, to: 'DRAW_PILE_BOTTOM', override: true } });
    }
    const create = `mutation ($input: EnchantedRealmsCreateCharacterInput!) { enchantedRealmsCreateCharacter(input: $input) { character { id ${SHEET} } eventSeq } }`;
    const created = (await table.players[0].client.data(create, { input: { campaignId, name: 'Grak', heroCardId: fighter, creatureCardId: orc } })).enchantedRealmsCreateCharacter;
    // The character answered is the character a read finds.
    const read = await gm.data(`query ($id: ID!) { character(id: $id) { id ${SHEET} } }`, { id: created.character.id });
    expect(created.character).toEqual(read.character);
    expect(created.character.enchantedRealms.tableCards.map((card: { id: string }) => card.id)).toEqual([fighter, orc]);
  });

  it('plays a scene: two characters from the starter deck, a contest to a kill, creatures, a reward, a trade and the end of the scene', async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-cards');
    const { gm, campaignId, deckId } = table;
    const [ada, bo] = table.players;
    const log: string[] = [];

    // The campaign starts with the 100-card starter Adventure Deck; the Lead Player (the GM) holds 5 of them.
    const seen = (await gm.data(CAMPAIGN, { id: campaignId })).campaign;
    expect(seen.decks).toEqual([{ id: deckId, name: 'Adventure Deck', cardCount: 100, drawPileCount: 95 }]);
    expect(seen.enchantedRealms).toMatchObject({ deckId, leadHandCount: 5 });
    expect(seen.enchantedRealms.leadHand).toHaveLength(5);
    expect((await ada.client.data(CAMPAIGN, { id: campaignId })).campaign.enchantedRealms).toEqual({ deckId, leadHandCount: 5, leadHand: null });
    const leadHand: string[] = seen.enchantedRealms.leadHand.map((card: CardShape) => card.id);
    const { cardPreset } = await new Client(env.arbiter.url).data(`{ cardPreset(id: "enchanted-realms-starter") { cards { id type attributes } } }`);
    expect(cardPreset.cards).toHaveLength(100);
    expect(cardPreset.cards.find((card: CardShape) => card.id === 'hero-erik-1')).toEqual({ id: 'hero-erik-1', type: 'HERO', attributes: { force: 6, STR: 2, COMBAT: 3 } });

    // Characters: a Fighter among Orcs for Ada, a Rogue among Goblins for Bo. A card in the Lead
    // Player's hand is not available, so the GM first puts any of these back under the deck.
    const [fighter, orc, rogue, goblins] = ['hero-fighter-1', 'creature-orc-1', 'hero-rogue-1', 'creature-goblins-1'];
    const wanted = [fighter, orc, rogue, goblins].filter((id) => leadHand.includes(id));
    if (wanted.length > 0) {
      await gm.data(`mutation ($input: MoveCardsInput!) { moveCards(input: $input) { eventSeq } }`, { input: { deckId, cardIds: wanted, to: 'DRAW_PILE_BOTTOM', override: true } });
      log.push('cards.moved');
    }
    const leadCount = 5 - wanted.length;
    const grak = (await ada.client.data(M.create, { input: { campaignId, name: 'Grak', heroCardId: fighter, creatureCardId: orc } })).enchantedRealmsCreateCharacter;
    log.push('enchanted-realms.character.created');
    expect(grak.character).toMatchObject({
      name: 'Grak',
      memberId: ada.memberId,
      handCount: 0,
      enchantedRealms: {
        heroCard: { id: fighter },
        creatureCard: { id: orc },
        tableCards: [{ id: fighter, type: 'HERO' }, { id: orc, type: 'CREATURE' }],
        // Different cards: the highest of each attribute (Fighter STR 4 over the Orc's 3).
        attributes: { STR: 4, AGL: 2, PRE: 1 },
        skills: { COMBAT: 2, SPELLCASTING: 0 },
        bonuses: { WEAPON: 0, ARMOR: 0, SPELL: 0, ENHANCE: 0, SPECIAL: 0 },
        health: 10,
        maxHealth: 10,
        defeated: false,
      },
    });
    const grakId: string = grak.character.id;
    const pip = (await bo.client.data(M.create, { input: { campaignId, name: 'Pip', heroCardId: rogue, creatureCardId: goblins } })).enchantedRealmsCreateCharacter;
    log.push('enchanted-realms.character.created');
    expect(pip.character.enchantedRealms).toMatchObject({ attributes: { STR: 2, AGL: 4, PRE: 2 }, bonuses: { SPECIAL: 2 }, health: 6, maxHealth: 6 });
    const pipId: string = pip.character.id;

    // The characters' sheets read the campaign's state and decks once for all of them.
    let listed: any;
    const statements = await statementsRun(env.arbiter.database, async () => {
      listed = (await gm.data(`query ($id: ID!) { campaign(id: $id) { enchantedRealms { deckId } characters { enchantedRealms { health } } } }`, { id: campaignId })).campaign;
    });
    expect(listed.characters.map((character: { enchantedRealms: { health: number } | null }) => character.enchantedRealms?.health ?? null).filter(Boolean)).toEqual([10, 6]);
    // One read per level of the query: the campaign's, then all its characters'.
    expect(statements.filter((text) => /FROM "public"\."campaigns" WHERE .*"ruleset"/.test(text))).toHaveLength(2);
    expect(statements.filter((text) => /FROM "public"\."decks" WHERE .*"campaign_id"/.test(text))).toHaveLength(2);

    // Refusals write nothing.
    const before = await env.db.eventSeqs(campaignId);
    const taken = await bo.client.request(M.create, { input: { campaignId, name: 'Copycat', heroCardId: fighter, creatureCardId: goblins } });
    expect(taken.body.errors![0]).toMatchObject({
      message: `Fighter ('${fighter}') is already held or in play: choose another card`,
      extensions: { code: 'RULE_VIOLATION', reason: 'CARD_NOT_AVAILABLE' },
    });
    const notAHero = await bo.client.request(M.create, { input: { campaignId, name: 'Rope', heroCardId: 'item-rope-1', creatureCardId: goblins } });
    expect(notAHero.body.errors![0]).toMatchObject({ message: 'Rope is an ITEM card, not a HERO card', extensions: { code: 'RULE_VIOLATION', reason: 'NOT_A_HERO' } });
    expect(await bo.client.errorCode(M.draw, { input: { campaignId, actorId: grakId, action: 'ATTACK', opponent: { characterId: pipId } } })).toBe('FORBIDDEN');
    const noAttribute = await gm.request(M.draw, { input: { campaignId, actorId: grakId, action: 'ACTION_WITH_CARD', challengeNumber: 5 } });
    expect(noAttribute.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'attribute' });
    const both = await gm.request(M.draw, { input: { campaignId, actorId: grakId, action: 'ATTACK', challengeNumber: 5, opponent: { characterId: pipId } } });
    expect(both.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'opponent' });
    const badId = await ada.client.request(M.draw, { input: { campaignId, actorId: 'not-a-uuid', action: 'ATTACK', challengeNumber: 5 } });
    expect(badId.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'actorId' });
    expect(await ada.client.errorCode(M.count, { input: { campaignId, creatureCardId: goblins } })).toBe('FORBIDDEN');
    expect(await ada.client.errorCode(M.reconcile, { input: { campaignId } })).toBe('FORBIDDEN');
    expect(await ada.client.errorCode(M.barter, { input: { campaignId, from: grakId, give: [], take: [] } })).toBe('FORBIDDEN');
    // What the Lead Player decides, a player cannot: a Challenge Number, a Draw for the game, a call, a reward, the defender's formula.
    const ownNumber = await ada.client.request(M.draw, { input: { campaignId, actorId: grakId, action: 'ATTACK', challengeNumber: -100 } });
    expect(ownNumber.body.errors![0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(ownNumber.body.errors![0].message).toMatch(/^challengeNumber is the Lead Player's to decide/);
    const forTheGame = await bo.client.request(M.draw, { input: { campaignId, actorId: pipId, action: 'ATTACK', opponent: { forTheGameCardId: 'world-crevice-1' } } });
    expect(forTheGame.body.errors![0].message).toMatch(/^opponent\.forTheGameCardId is the Lead Player's to decide/);
    expect(await ada.client.errorCode(M.call, { input: { campaignId, actorId: grakId, action: 'ATTACK', challengeNumber: 1 } })).toBe('FORBIDDEN');
    const selfAward = await ada.client.request(M.award, { input: { characterId: grakId, cardId: 'item-long-sword-1', challengeSeq: 1 } });
    expect(selfAward.body.errors![0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    const theirDefence = await ada.client.request(M.draw, { input: { campaignId, actorId: grakId, action: 'ATTACK', opponent: { characterId: pipId }, opposingAction: 'DEFEND_SPELL' } });
    expect(theirDefence.body.errors![0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(theirDefence.body.errors![0].message).toMatch(/the defender's to choose/);
    const notAnAnswer = await gm.request(M.draw, { input: { campaignId, actorId: grakId, action: 'ATTACK', opponent: { characterId: pipId }, opposingAction: 'SPELL' } });
    expect(notAnAnswer.body.errors![0]).toMatchObject({ message: 'ATTACK is answered by DEFEND, not SPELL', extensions: { code: 'RULE_VIOLATION', reason: 'NOT_AN_ANSWER' } });
    const notOvercome = await gm.request(M.award, { input: { characterId: grakId, cardId: 'item-long-sword-1', challengeSeq: 1 } });
    expect(notOvercome.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'NOT_OVERCOME' });
    // The Adventure Deck is the ruleset's: no generic draw past the hand limit for a player, none without the override for the GM.
    const pastLimit = await ada.client.request(M.drawCards, { input: { deckId, count: 9, to: 'HAND', characterId: grakId } });
    expect(pastLimit.body.errors![0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(pastLimit.body.errors![0].message).toMatch(/moved by Enchanted Realms \(card edition\)'s own rules \(enchantedRealmsDraw, /);
    const gmWithout = await gm.request(M.drawCards, { input: { deckId, count: 1, to: 'HAND', characterId: grakId } });
    expect(gmWithout.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'OWNED_DECK' });
    expect(await env.db.eventSeqs(campaignId)).toEqual(before);

    // A Challenge Number: the Lead Player calls for the Draw, Ada makes it. ACTION_WITHOUT_CARD adds the attribute and SPECIAL; it is met by ≥.
    const called = (await gm.data(M.call, { input: { campaignId, actorId: grakId, action: 'ACTION_WITHOUT_CARD', attribute: 'STR', challengeNumber: 10 } })).enchantedRealmsCallDraw;
    log.push('enchanted-realms.draw.called');
    expect(called.call).toEqual({ seq: called.eventSeq, actorId: grakId, action: 'ACTION_WITHOUT_CARD', attribute: 'STR', challengeNumber: 10, forTheGameCardId: null, challengeForce: null });
    expect(await bo.client.errorCode(M.draw, { input: { campaignId, actorId: grakId, callSeq: called.eventSeq } })).toBe('FORBIDDEN');
    const withTerms = await ada.client.request(M.draw, { input: { campaignId, actorId: grakId, callSeq: called.eventSeq, action: 'ATTACK' } });
    expect(withTerms.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'action' });
    const leap = (await ada.client.data(M.draw, { input: { campaignId, actorId: grakId, callSeq: called.eventSeq } })).enchantedRealmsDraw;
    log.push('enchanted-realms.draw');
    expect(leap.callSeq).toBe(called.eventSeq);
    expect(leap.overcome).toEqual(leap.success ? { force: 10, from: 'CHALLENGE_NUMBER', cardId: null } : null);
    const again = await ada.client.request(M.draw, { input: { campaignId, actorId: grakId, callSeq: called.eventSeq } });
    expect(again.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'NO_SUCH_CALL' });
    expect(leap.draw).toMatchObject({ characterId: grakId, action: 'ACTION_WITHOUT_CARD', attribute: 'STR', modifiers: [{ term: 'STR', value: 4 }, { term: 'SPECIAL', value: 0 }], modifierTotal: 4 });
    expect(leap.draw.force).toBe(leap.draw.card.attributes.force);
    expect(leap.draw.adjusted).toBe(leap.draw.force + 4);
    expect(leap).toMatchObject({ counterDraw: null, challengeNumber: 10, success: leap.draw.adjusted >= 10, margin: leap.draw.adjusted - 10, damage: 0 });

    // No direct opponent: the Lead Player calls for a Draw against the Crevice and draws for the game, adding its Force 2.
    const crevice = (await gm.data(M.call, { input: { campaignId, actorId: pipId, action: 'ACTION_WITHOUT_CARD', attribute: 'AGL', forTheGameCardId: 'world-crevice-1' } })).enchantedRealmsCallDraw;
    log.push('enchanted-realms.draw.called');
    const jump = (await bo.client.data(M.draw, { input: { campaignId, actorId: pipId, callSeq: crevice.eventSeq } })).enchantedRealmsDraw;
    log.push('enchanted-realms.draw');
    expect(jump.overcome).toEqual(jump.success ? { force: 2, from: 'TARGET_CARD', cardId: 'world-crevice-1' } : null);
    expect(jump.counterDraw).toMatchObject({ characterId: null, forTheGameCard: { id: 'world-crevice-1' }, modifiers: [{ term: 'FORCE', value: 2 }], modifierTotal: 2 });
    expect(jump.counterDraw.adjusted).toBe(jump.counterDraw.force + 2);
    expect(jump.draw.adjusted).toBe(jump.draw.force + 4 + 2);
    expect(jump.success).toBe(jump.draw.adjusted >= jump.counterDraw.adjusted);
    expect(jump.winnerId).toBe(jump.success ? pipId : null);

    // A contest to a kill: Grak attacks (STR 4 + COMBAT 2) until Pip (AGL 4 defending, 6 Health) falls.
    let health = 6;
    let kill: any = null;
    for (let blow = 0; blow < 60 && !kill; blow++) {
      const attack = (await ada.client.data(M.draw, { input: { campaignId, actorId: grakId, action: 'ATTACK', opponent: { characterId: pipId } } })).enchantedRealmsDraw;
      log.push('enchanted-realms.draw');
      expect(attack.draw.modifiers).toEqual([{ term: 'STR', value: 4 }, { term: 'COMBAT', value: 2 }, { term: 'ENHANCE', value: 0 }, { term: 'WEAPON', value: 0 }]);
      expect(attack.counterDraw).toMatchObject({ characterId: pipId, action: 'DEFEND', modifierTotal: 4 });
      expect(attack.counterDraw.modifiers.map((term: { term: string }) => term.term)).toEqual(['AGL', 'COMBAT', 'ENHANCE', 'ARMOR']);
      const [mine, theirs] = [attack.draw.adjusted, attack.counterDraw.adjusted];
      expect(attack.success).toBe(mine >= theirs); // a tie goes to the initiator
      expect(attack.winnerId).toBe(mine >= theirs ? grakId : pipId);
      expect(attack.damage).toBe(mine >= theirs ? mine - theirs : 0);
      health = Math.max(0, health - attack.damage);
      expect(attack.targetHealth).toBe(health);
      if (attack.defeated) kill = attack;
    }
    expect(kill).toMatchObject({ targetHealth: 0, defeated: true, success: true, overcome: { force: 2, from: 'CREATURE_CARD', cardId: goblins } });
    expect((await bo.client.data(HAND, { id: pipId })).character.enchantedRealms).toMatchObject({ health: 0, defeated: true });
    const overkill = await ada.client.request(M.draw, { input: { campaignId, actorId: grakId, action: 'ATTACK', opponent: { characterId: pipId } } });
    expect(overkill.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'TARGET_DEFEATED' });
    const fallen = await bo.client.request(M.draw, { input: { campaignId, actorId: pipId, action: 'ATTACK', opponent: { characterId: grakId } } });
    expect(fallen.body.errors![0]).toMatchObject({ message: 'that character is defeated (0 Health) and cannot act', extensions: { reason: 'CHARACTER_DEFEATED' } });

    // How many Goblins come next: three cards, their Force added, ÷ 2 rounded up.
    const counted = (await gm.data(M.count, { input: { campaignId, creatureCardId: goblins } })).enchantedRealmsCountCreatures;
    log.push('enchanted-realms.creatures.counted');
    expect(counted.cards).toHaveLength(3);
    expect(counted.forces).toEqual(counted.cards.map((card: CardShape) => card.attributes.force));
    expect(counted.sum).toBe(counted.forces.reduce((sum: number, force: number) => sum + force, 0));
    expect(counted.count).toBe(Math.max(1, Math.ceil(counted.sum / 2)));

    // They come as a group of foes: the GM's to add, a player's to attack.
    const refusedFoes = await ada.client.request(M.addFoes, { input: { campaignId, creatureCardId: goblins, count: counted.count } });
    expect(refusedFoes.body.errors![0].extensions).toMatchObject({ code: 'FORBIDDEN' });
    const { foe } = (await gm.data(M.addFoes, { input: { campaignId, creatureCardId: goblins, count: counted.count } })).enchantedRealmsAddFoes;
    log.push('enchanted-realms.foes.added');
    expect(foe).toMatchObject({ creature: { id: goblins }, count: counted.count, health: foe.healthEach * counted.count });
    const atFoes = (await ada.client.data(M.draw, { input: { campaignId, actorId: grakId, action: 'ATTACK', opponent: { foeId: foe.id } } })).enchantedRealmsDraw;
    log.push('enchanted-realms.draw');
    expect(atFoes.targetHealth).toBe(Math.max(0, foe.health - atFoes.damage));
    expect(atFoes.foesLeft).toBe(Math.ceil(atFoes.targetHealth / foe.healthEach));

    // RECONCILE: every player character's hand to 5 (the platform characters of createTable play no Enchanted Realms).
    const reconciled = (await gm.data(M.reconcile, { input: { campaignId } })).enchantedRealmsReconcile;
    log.push('enchanted-realms.hands.reconciled', 'enchanted-realms.hand.dealt', 'enchanted-realms.hand.dealt');
    expect(reconciled).toMatchObject({
      hands: [
        { characterId: grakId, count: 5, drawn: 5, returned: 0 },
        { characterId: pipId, count: 5, drawn: 5, returned: 0 },
      ],
      leadHandCount: leadCount,
      leadReturned: 0,
    });
    expect((await bo.client.data(HAND, { id: grakId })).character).toMatchObject({ handCount: 5, hand: null });

    // Ada's hand needs ITEM cards: the GM deals them past the rules, with the override the log records.
    const handOf = async (client: Client, id: string): Promise<CardShape[]> => (await client.data(HAND, { id })).character.hand;
    for (let draws = 0; draws < 60 && (await handOf(ada.client, grakId)).filter((card) => card.type === 'ITEM').length < 2; draws++) {
      await gm.data(M.drawCards, { input: { deckId, count: 1, to: 'HAND', characterId: grakId, override: true } });
      log.push('cards.drawn');
    }
    const [reward, gift] = (await handOf(ada.client, grakId)).filter((card) => card.type === 'ITEM');
    expect(gift).toBeDefined();

    // A reward after the kill, granted by the Lead Player for the Draw that overcame Pip: Pip's people, the Goblins, were
    // Force 2, so a stronger ITEM needs to have been found in this encounter.
    if (reward.attributes.force > 2) {
      const tooStrong = await gm.request(M.award, { input: { characterId: grakId, cardId: reward.id, challengeSeq: kill.eventSeq } });
      expect(tooStrong.body.errors![0]).toMatchObject({
        message: `a Force ${reward.attributes.force} card cannot reward a Force 2 challenge`,
        extensions: { code: 'RULE_VIOLATION', reason: 'FORCE_TOO_HIGH' },
      });
    }
    expect(await bo.client.errorCode(M.award, { input: { characterId: pipId, cardId: reward.id, challengeSeq: kill.eventSeq } })).toBe('FORBIDDEN');
    const handBefore = (await handOf(ada.client, grakId)).length;
    const awarded = (await gm.data(M.award, { input: { characterId: grakId, cardId: reward.id, challengeSeq: kill.eventSeq, acquiredDuringEncounter: reward.attributes.force > 2 } })).enchantedRealmsAward;
    log.push('enchanted-realms.card.awarded');
    expect(awarded).toMatchObject({ card: { id: reward.id, type: 'ITEM' }, challengeForce: 2 });
    const twice = await gm.request(M.award, { input: { characterId: grakId, cardId: gift.id, challengeSeq: kill.eventSeq, acquiredDuringEncounter: true } });
    expect(twice.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'NOT_OVERCOME' });
    // A reward set aside for the quest (the leap's challenge, if Grak made it), then the quest completes.
    let tableCount = 3;
    if (leap.success) {
      const spare = (await handOf(ada.client, grakId)).find((card) => card.type === 'ITEM' && card.id !== gift.id);
      if (spare) {
        await gm.data(M.award, { input: { characterId: grakId, cardId: spare.id, challengeSeq: leap.eventSeq, acquiredDuringEncounter: true, setAside: true } });
        log.push('enchanted-realms.card.awarded');
        expect(await ada.client.errorCode(M.quest, { input: { characterId: grakId } })).toBe('FORBIDDEN');
        const quest = (await gm.data(M.quest, { input: { characterId: grakId } })).enchantedRealmsCompleteQuest;
        log.push('enchanted-realms.quest.completed');
        expect(quest.character.enchantedRealms.tableCards.map((card: CardShape) => card.id)).toEqual([fighter, orc, reward.id, spare.id]);
        tableCount = 4;
      }
    }
    expect(awarded.character.handCount).toBe(handBefore - 1);
    expect(awarded.character.enchantedRealms.tableCards.map((card: CardShape) => card.id)).toEqual([fighter, orc, reward.id]);

    // A trade between characters: Ada offers an item to Bo's Pip; it goes through when Bo accepts the same terms.
    const terms = { campaignId, from: grakId, to: pipId, give: [gift.id], take: [] };
    const offered = (await ada.client.data(M.barter, { input: terms })).enchantedRealmsBarter;
    log.push('enchanted-realms.barter.offered');
    expect(offered).toMatchObject({ completed: false, withLeadPlayer: false, giveWorth: gift.attributes.force, takeWorth: 0, awaitingCharacterId: pipId });
    expect((await ada.client.request(M.barter, { input: terms })).body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'ALREADY_ACCEPTED' });
    const traded = (await bo.client.data(M.barter, { input: terms })).enchantedRealmsBarter;
    log.push('enchanted-realms.barter.traded');
    expect(traded).toMatchObject({ completed: true, balance: gift.attributes.force, awaitingCharacterId: null });
    expect((await handOf(bo.client, pipId)).map((card) => card.id)).toContain(gift.id);
    expect((await handOf(ada.client, grakId)).map((card) => card.id)).not.toContain(gift.id);

    // The end of the scene: the drawn cards go back into the Adventure Deck; hands and characters' cards stay.
    const ended = (await gm.data(M.endScene, { input: { campaignId } })).endScene;
    log.push('scene.ended');
    const [adventureDeck] = ended.decks;
    expect(adventureDeck).toMatchObject({ id: deckId, discardPile: [], table: [] });
    const held = adventureDeck.hands.reduce((sum: number, hand: { count: number }) => sum + hand.count, 0);
    expect(adventureDeck.drawPileCount + held).toBe(100);
    expect(adventureDeck.hands).toEqual(expect.arrayContaining([{ characterId: `table:${grakId}`, count: tableCount }, { characterId: grakId, count: expect.any(Number) }]));
    expect(adventureDeck.hands.find((hand: { characterId: string }) => hand.characterId === 'lead')?.count ?? 0).toBe(leadCount);
    expect((await ada.client.data(HAND, { id: grakId })).character.enchantedRealms.tableCards).toHaveLength(tableCount);
    expect(await env.db.deckIsConserved(deckId)).toBe(true);

    // The next scene's end in one GM call: a Draw lands on the discard pile, then RECONCILE with endScene takes it back.
    const called2 = (await gm.data(M.call, { input: { campaignId, actorId: grakId, action: 'ATTACK', challengeNumber: 3 } })).enchantedRealmsCallDraw;
    await ada.client.data(M.draw, { input: { campaignId, actorId: grakId, callSeq: called2.eventSeq } });
    log.push('enchanted-realms.draw.called', 'enchanted-realms.draw');
    expect(await ada.client.errorCode(M.reconcile, { input: { campaignId, endScene: true } })).toBe('FORBIDDEN');
    const sceneOver = (await gm.data(`mutation ($input: EnchantedRealmsReconcileInput!) { enchantedRealmsReconcile(input: $input) {
      sceneEnded hands { characterId count drawn } } }`, { input: { campaignId, endScene: true } })).enchantedRealmsReconcile;
    log.push('enchanted-realms.hands.reconciled', ...sceneOver.hands.filter((hand: { drawn: number }) => hand.drawn > 0).map(() => 'enchanted-realms.hand.dealt'));
    expect(sceneOver.sceneEnded).toBe(true);
    expect(sceneOver.hands.map((hand: { count: number }) => hand.count)).toEqual([5, 5]);
    expect((await gm.data(`query ($id: ID!) { deck(id: $id) { discardPile { id } table { id } } }`, { id: deckId })).deck).toEqual({ discardPile: [], table: [] });
    expect(await env.db.deckIsConserved(deckId)).toBe(true);

    // The log: gap-free, every move once and in order.
    const { events } = await gm.data(EVENTS, { c: campaignId });
    expect(events.map((event: EventShape) => event.seq)).toEqual(range(events.length));
    expect(events.map((event: EventShape) => event.type)).toEqual([
      'campaign.created',
      'member.added',
      'deck.created',
      'enchanted-realms.lead-hand.dealt',
      'member.added',
      'character.created',
      'member.added',
      'character.created',
      ...log,
    ]);
    const killEvent = events.find((event: EventShape) => event.seq === kill.eventSeq);
    expect(killEvent.payload).toMatchObject({ actorId: grakId, action: 'ATTACK', damage: kill.damage, targetHealth: 0, defeated: true });

    // Hidden hands: what Bo reads of the log never shows a card held in a hand that is not Pip's.
    const boEvents: EventShape[] = (await bo.client.data(EVENTS, { c: campaignId })).events;
    const adaEvents: EventShape[] = (await ada.client.data(EVENTS, { c: campaignId })).events;
    let hidden = 0;
    for (const [index, event] of events.entries()) {
      const boSees = boEvents[index];
      expect(boSees.seq).toBe(event.seq);
      if (event.secret === null || boSees.secret !== null) continue;
      hidden += 1;
      const shown = JSON.stringify(boSees.payload);
      for (const id of stringsIn(event.secret)) expect(shown).not.toContain(`"${id}"`);
    }
    const adaDealt = (events: EventShape[]) => events.find((event) => event.type === 'enchanted-realms.hand.dealt' && event.payload.characterId === grakId)!;
    expect(adaDealt(boEvents)).toMatchObject({ payload: { characterId: grakId, count: 5 }, secret: null });
    expect(adaDealt(adaEvents).secret!.cardIds).toHaveLength(5);
    expect(boEvents.find((event) => event.type === 'enchanted-realms.lead-hand.dealt')!.secret).toBeNull();
    expect(boEvents.find((event) => event.type === 'enchanted-realms.barter.offered')!.secret).toMatchObject({ give: [gift.id], take: [] });
    expect(hidden).toBeGreaterThanOrEqual(4);

    // Every shuffle and reshuffle can be checked once the seed is revealed (forced: hands hold cards).
    await gm.data(`mutation ($input: RotateSeedInput!) { rotateSeed(input: $input) { lastEventSeq } }`, { input: { campaignId, force: true } });
    const verified = (
      await bo.client.data(`query ($c: ID!) { verifyEvents(campaignId: $c) { checked mismatches replayed outcomeProblems { seq type problem } notReplayed { seq type why } } }`, { c: campaignId })
    ).verifyEvents;
    expect(verified.mismatches).toEqual([]);
    // Every outcome of the ruleset's own moves follows from its draws.
    expect(verified.outcomeProblems).toEqual([]);
    expect(verified.notReplayed.filter((event: { type: string }) => event.type.startsWith('enchanted-realms.'))).toEqual([]);
    expect(verified.replayed).toBeGreaterThan(log.filter((type) => type.startsWith('enchanted-realms.')).length);
    // The GM's generic moves of the Adventure Deck (as many as the hands needed) are logged as overrides.
    for (const event of events.filter((each: EventShape) => each.type === 'cards.drawn' || each.type === 'cards.moved')) expect(event.payload.override).toBe(true);
    expect(await env.db.deckIsConserved(deckId)).toBe(true);
  });

  it('loads a campaign\'s own card list from its settings, and refuses one with a bad card, naming it', async () => {
    const admin = new Client(env.arbiter.url, TEST_ADMIN_KEY);
    const blanks = range(20).map((n) => ({ id: `blank-${n}`, code: `B${n}`, type: 'BLANK', attributes: { force: (n % 9) + 1 } }));
    const cards = [
      ...range(4).map((n) => ({ id: `hero-${n}`, code: 'KNT', name: 'Knight', type: 'HERO', attributes: { force: 5, STR: 3, COMBAT: 2, HEALTH: 12 } })),
      ...range(4).map((n) => ({ id: `creature-${n}`, code: 'HUM', name: 'Human', type: 'CREATURE', attributes: { force: 1, STR: 1 } })),
      ...blanks,
    ];
    const campaignsBefore = (await admin.data('{ campaigns { id } }')).campaigns.length;
    const refused = await admin.request(M.createCampaign, {
      input: { name: 'Bad deck', ruleset: 'enchanted-realms-cards', settings: { cards: [cards[0], { id: 'wyrm', code: 'WYR', type: 'DRAGONKIN', attributes: { force: 2.5 } }] } },
    });
    expect(refused.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.cards[1]', cardId: 'wyrm' });
    expect(refused.body.errors![0].message).toBe(
      "settings.cards: card 1 ('wyrm'): type 'DRAGONKIN' is not one of HERO CREATURE QUEST MENTOR BLANK WORLD SUPPORT ITEM ENHANCEMENT (and 1 more problem)",
    );
    expect(refused.body.errors![0].extensions!.problems[1]).toBe("card 1 ('wyrm'): the Force Number must be a whole number of 0 or more, not 2.5");
    const duplicate = await admin.request(M.createCampaign, { input: { name: 'Twice', ruleset: 'enchanted-realms-cards', settings: { cards: [cards[0], cards[0]] } } });
    expect(duplicate.body.errors![0].message).toBe("settings.cards: card 1 ('hero-1'): id 'hero-1' is used twice");
    expect(duplicate.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.cards[1]', cardId: 'hero-1' });
    expect((await admin.data('{ campaigns { id } }')).campaigns).toHaveLength(campaignsBefore);

    const created = (await admin.data(M.createCampaign, { input: { name: 'Own deck', ruleset: 'enchanted-realms-cards', settings: { cards } } })).createCampaign;
    const gm = new Client(env.arbiter.url, created.gmKey);
    const campaignId: string = created.campaign.id;
    const { campaign } = await gm.data(CAMPAIGN, { id: campaignId });
    expect(campaign.decks).toEqual([{ id: campaign.enchantedRealms.deckId, name: 'Adventure Deck', cardCount: 28, drawPileCount: 23 }]);
    // The Lead Player was dealt 5 of the 28 cards: take a Knight and a Human it does not hold.
    const held = new Set(campaign.enchantedRealms.leadHand.map((card: CardShape) => card.id));
    const [hero, creature] = ['hero', 'creature'].map((kind) => range(4).map((n) => `${kind}-${n}`).find((id) => !held.has(id)));
    const knight = (await gm.data(M.create, { input: { campaignId, name: 'Sir Bors', heroCardId: hero, creatureCardId: creature } })).enchantedRealmsCreateCharacter;
    expect(knight.character).toMatchObject({ memberId: null, enchantedRealms: { attributes: { STR: 3 }, skills: { COMBAT: 2 }, health: 12, maxHealth: 12 } });
    expect(await env.db.deckIsConserved(campaign.enchantedRealms.deckId)).toBe(true);

    // Another deck of the campaign: its cards are checked as the settings' are, naming the card.
    const createDeck = `mutation ($input: CreateDeckInput!) { createDeck(input: $input) { id cardCount } }`;
    const high = await gm.request(createDeck, { input: { campaignId, name: 'Hoard', cards: [{ id: 'gold-1', code: 'GLD', type: 'ITEM', attributes: { force: 'high' } }] } });
    expect(high.body.errors![0]).toMatchObject({
      message: "cards: card 0 ('gold-1'): the Force Number must be a whole number of 0 or more, not 'high'",
      extensions: { code: 'BAD_USER_INPUT', field: 'cards[0]', cardId: 'gold-1' },
    });
    expect((await gm.data(createDeck, { input: { campaignId, name: 'Hoard', cards: [{ id: 'gold-1', code: 'GLD', type: 'ITEM', attributes: { force: 4 } }] } })).createDeck.cardCount).toBe(1);
  });

  it('refuses its mutations on a campaign of another ruleset, writing nothing', async () => {
    const table = await createTable(env.arbiter.url, 'tenth-realm');
    const before = await env.db.eventSeqs(table.campaignId);
    const response = await table.gm.request(M.create, { input: { campaignId: table.campaignId, name: 'Nobody', heroCardId: 'hero-erik-1', creatureCardId: 'creature-orc-1' } });
    expect(response.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'campaignId' });
    expect(await env.db.eventSeqs(table.campaignId)).toEqual(before);
    const { campaign } = await table.gm.data(`query ($id: ID!) { campaign(id: $id) { enchantedRealms { deckId } characters { enchantedRealms { health } } } }`, { id: table.campaignId });
    expect(campaign).toEqual({ enchantedRealms: null, characters: [{ enchantedRealms: null }, { enchantedRealms: null }] });
  });
});
