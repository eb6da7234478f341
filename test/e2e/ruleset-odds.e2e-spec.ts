import { Client, createTable, finishedTenthRealmCharacter } from '../helpers/arbiter.js';
import { useTestArbiter } from '../helpers/db-checks.js';

const TRIAL_ODDS = `query ($input: TenthRealmTrialOddsInput!) { tenthRealmTrialOdds(input: $input) {
  revealed reshuffles attributeModifier bonus baseDr drBeforeCards blackCards { black probability }
  success setback turnedTheTable natural20 natural1 cardToHand redCardToHand } }`;

const M = {
  startingRegion: `mutation ($input: TenthRealmCampaignInput!) { tenthRealmRollStartingRegion(input: $input) { d20 } }`,
  enter: `mutation ($input: TenthRealmEnterRegionInput!) { tenthRealmEnterRegion(input: $input) { eventSeq } }`,
  risk: `mutation ($input: TenthRealmSetRiskRatingInput!) { tenthRealmSetRiskRating(input: $input) { eventSeq } }`,
};

const isRed = (code: string) => code.endsWith('H') || code.endsWith('D');

describe('odds of a ruleset, from the asker’s view alone', () => {
  const env = useTestArbiter();

  async function newCharacter(client: Client, campaignId: string, name: string): Promise<string> {
    return finishedTenthRealmCharacter(client, campaignId, name, 'BEAR');
  }

  it('tenthRealmTrialOdds: the same bits whatever lies unseen where, nothing written, drawn or recorded', async () => {
    const table = await createTable(env.arbiter.url, 'tenth-realm');
    const { gm, campaignId, deckId } = table;
    const [ada, bo] = table.players;
    const sigrun = await newCharacter(ada.client, campaignId, 'Sigrun');
    const halvard = await newCharacter(bo.client, campaignId, 'Halvard');
    const hex = String((await gm.data(M.startingRegion, { input: { campaignId } })).tenthRealmRollStartingRegion.d20);
    await gm.data(M.enter, { input: { campaignId, hex } });
    await gm.data(M.risk, { input: { campaignId, hex, riskRating: 3 } });

    // Both players hold cards, dealt straight into the deck's rows: the draw pile's top ones.
    const [deck] = await env.db.query('SELECT draw_pile, hands FROM decks WHERE id = $1', [deckId]);
    const pile: string[] = deck.draw_pile;
    const hands = { ...deck.hands, [sigrun]: pile.slice(0, 3), [halvard]: pile.slice(3, 8) };
    await env.db.query('UPDATE decks SET draw_pile = $2, hands = $3, version = version + 1 WHERE id = $1', [deckId, pile.slice(8), hands]);

    const input = { characterId: sigrun, attribute: 'STRENGTH', dr: 12, burns: [{ characterId: sigrun, cardId: hands[sigrun][0], effect: 'CALL_THE_GODS' }] };
    const ask = async () => (await ada.client.request(TRIAL_ODDS, { input })).text;
    const restAsk = async () => {
      const burn = `${sigrun}:${hands[sigrun][0]}:CALL_THE_GODS`;
      const response = await fetch(`${env.arbiter.url}/v1/tenth-realm/characters/${sigrun}/trial-odds?attribute=STRENGTH&dr=12&burn=${encodeURIComponent(burn)}`, {
        headers: { authorization: `Bearer ${ada.client.key}` },
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    const before = await env.db.eventSeqs(campaignId);
    const [{ version }] = await env.db.query('SELECT version FROM campaigns WHERE id = $1', [campaignId]);
    const first = await ask();
    const firstRest = await restAsk();
    const odds = JSON.parse(first).data.tenthRealmTrialOdds;
    expect(odds).toMatchObject({ revealed: 3, bonus: 2, baseDr: 12 });
    expect(odds.blackCards.map((each: { black: number }) => each.black)).toEqual([0, 1, 2, 3]);
    expect(odds.blackCards.reduce((sum: number, each: { probability: number }) => sum + each.probability, 0)).toBeCloseTo(1, 12);
    expect(odds.success + odds.setback).toBeCloseTo(1, 12);
    expect(JSON.parse(firstRest)).toMatchObject({ characterId: sigrun, success: odds.success, blackCards: odds.blackCards });

    // Swap a card of Halvard's hand with one of the draw pile of the other colour, and reverse the draw pile.
    const [after] = await env.db.query('SELECT draw_pile, hands FROM decks WHERE id = $1', [deckId]);
    const drawPile: string[] = after.draw_pile;
    const held: string = after.hands[halvard][0];
    const at = drawPile.findIndex((code) => isRed(code) !== isRed(held));
    const swapped = { ...after.hands, [halvard]: [drawPile[at], ...after.hands[halvard].slice(1)] };
    drawPile[at] = held;
    await env.db.query('UPDATE decks SET draw_pile = $2, hands = $3, version = version + 1 WHERE id = $1', [deckId, [...drawPile].reverse(), swapped]);

    expect(await ask()).toBe(first);
    expect(await restAsk()).toBe(firstRest);
    expect(await env.db.eventSeqs(campaignId)).toEqual(before);
    expect((await env.db.query('SELECT version FROM campaigns WHERE id = $1', [campaignId]))[0].version).toBe(version);

    // Halvard's player may not ask for Sigrun; the GM may, and sees every hand.
    expect(await bo.client.errorCode(TRIAL_ODDS, { input })).toBe('FORBIDDEN');
    expect((await gm.data(TRIAL_ODDS, { input })).tenthRealmTrialOdds.revealed).toBe(3);
    // A card not in the hand, or an input out of range, is refused with its code.
    const notHeld = { ...input, burns: [{ characterId: sigrun, cardId: held, effect: 'CALL_THE_GODS' }] };
    const refused = await ada.client.request(TRIAL_ODDS, { input: notHeld });
    expect(refused.body.errors![0].extensions).toMatchObject({ code: 'RULE_VIOLATION', reason: 'CARD_NOT_IN_YOUR_HAND' });
    expect(await ada.client.errorCode(TRIAL_ODDS, { input: { ...input, dr: 1000 } })).toBe('BAD_USER_INPUT');
    const badBurn = await fetch(`${env.arbiter.url}/v1/tenth-realm/characters/${sigrun}/trial-odds?attribute=STRENGTH&burn=nonsense`, {
      headers: { authorization: `Bearer ${ada.client.key}` },
    });
    expect(badBurn.status).toBe(400);
  });

  it('enchantedRealmsDrawOdds: the same bits whatever lies unseen where, including the Lead Player’s hand', async () => {
    const table = await createTable(env.arbiter.url, 'enchanted-realms-cards');
    const { gm, campaignId, deckId } = table;
    const [ada, bo] = table.players;
    const ER = {
      campaign: `query ($id: ID!) { campaign(id: $id) { enchantedRealms { leadHand { id } } } }`,
      create: `mutation ($input: EnchantedRealmsCreateCharacterInput!) { enchantedRealmsCreateCharacter(input: $input) { character { id } } }`,
      reconcile: `mutation ($input: EnchantedRealmsReconcileInput!) { enchantedRealmsReconcile(input: $input) { eventSeq } }`,
      odds: `query ($input: EnchantedRealmsDrawOddsInput!) { enchantedRealmsDrawOdds(input: $input) {
        modifiers { term value } modifier counterModifiers { term value } counterModifier challengeNumber
        win tieWonByInitiator expectedDamage damage { damage probability } defeatsOpponent reshuffles } }`,
    };
    const [fighter, orc, rogue, goblins] = ['hero-fighter-1', 'creature-orc-1', 'hero-rogue-1', 'creature-goblins-1'];
    const leadHand: string[] = (await gm.data(ER.campaign, { id: campaignId })).campaign.enchantedRealms.leadHand.map((card: { id: string }) => card.id);
    const wanted = [fighter, orc, rogue, goblins].filter((id) => leadHand.includes(id));
    if (wanted.length > 0) {
      await gm.data(`mutation ($input: MoveCardsInput!) { moveCards(input: $input) { eventSeq } }`, { input: { deckId, cardIds: wanted, to: 'DRAW_PILE_BOTTOM', override: true } });
    }
    const grak: string = (await ada.client.data(ER.create, { input: { campaignId, name: 'Grak', heroCardId: fighter, creatureCardId: orc } })).enchantedRealmsCreateCharacter.character.id;
    const pip: string = (await bo.client.data(ER.create, { input: { campaignId, name: 'Pip', heroCardId: rogue, creatureCardId: goblins } })).enchantedRealmsCreateCharacter.character.id;
    await gm.data(ER.reconcile, { input: { campaignId } });

    const input = { campaignId, actorId: grak, action: 'ATTACK', opponent: { characterId: pip } };
    const ask = async () => (await ada.client.request(ER.odds, { input })).text;
    const before = await env.db.eventSeqs(campaignId);
    const first = await ask();
    const odds = JSON.parse(first).data.enchantedRealmsDrawOdds;
    expect(odds.counterModifiers).not.toBeNull();
    expect(odds.damage.reduce((sum: number, each: { probability: number }) => sum + each.probability, 0)).toBeCloseTo(1, 12);
    expect(odds.win).toBeGreaterThan(0);

    // Swap a card of Pip's hand and one of the Lead Player's with cards of the draw pile, and reverse the pile.
    const [deck] = await env.db.query('SELECT draw_pile, hands FROM decks WHERE id = $1', [deckId]);
    const drawPile: string[] = [...deck.draw_pile];
    const hands = { ...deck.hands };
    for (const holder of [pip, 'lead']) {
      const held: string[] = [...hands[holder]];
      [held[0], drawPile[0]] = [drawPile[0], held[0]];
      drawPile.push(drawPile.shift()!);
      hands[holder] = held;
    }
    await env.db.query('UPDATE decks SET draw_pile = $2, hands = $3, version = version + 1 WHERE id = $1', [deckId, drawPile.reverse(), hands]);
    expect(await ask()).toBe(first);
    expect(await env.db.eventSeqs(campaignId)).toEqual(before);
    // Pip's player may not ask for Grak.
    expect(await bo.client.errorCode(ER.odds, { input })).toBe('FORBIDDEN');
  });
});
