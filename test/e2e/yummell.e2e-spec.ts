import { Client, createTable, TEST_ADMIN_KEY } from '../helpers/arbiter.js';
import { range, useTestArbiter } from '../helpers/db-checks.js';

const CARD = 'id name type value';
const SHEET = `yummell { position characteristics { strength charm agility magic } abilities advantages { name bonus characteristics discardOnUse }
  artefacts { id } handCount hand { id value } }`;
const M = {
  setUp: `mutation ($input: YummellSetUpInput!) { yummellSetUp(input: $input) { deckId board { name squares { square terrain cost capacity impassable } } cardCount eventSeq } }`,
  create: `mutation ($input: YummellCreateCharacterInput!) { yummellCreateCharacter(input: $input) { character { id name memberId ${SHEET} } currentCharacterId eventSeq } }`,
  move: `mutation ($input: YummellMoveInput!) { yummellMove(input: $input) {
    card { ${CARD} } from path { square terrain terrainCost bonus pawns cost } pointsUsed pointsLeft position advanced stoppedBecause stoppedBefore
    abilities { ability when square targetCharacterId artefact { id } }
    encounter { card { ${CARD} } result eventOutcome { applied noEffectReason noEffectMessage from to } }
    noEncounterBecause arrival { place winner nextCharacterId } challengePending handCount eventSeq } }`,
  resolve: `mutation ($input: YummellResolveChallengeInput!) { yummellResolveChallenge(input: $input) {
    creature { id name } characteristic number card { id value } characteristicValue cardValue advantages { name bonus } artefacts { name bonus cardId }
    total won discardedAdvantages from position moved arrival { place winner nextCharacterId } handCount eventSeq } }`,
  rest: `mutation ($input: YummellCharacterInput!) { yummellRest(input: $input) { position eventSeq } }`,
  endTurn: `mutation ($input: YummellCharacterInput!) { yummellEndTurn(input: $input) { drawn { id } handCount nextCharacterId eventSeq } }`,
  useAbility: `mutation ($input: YummellUseAbilityInput!) { yummellUseAbility(input: $input) { ability when square targetCharacterId artefact { id name } eventSeq } }`,
  createCampaign: `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } gmKey } }`,
  drawCards: `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id } } }`,
  moveCards: `mutation ($input: MoveCardsInput!) { moveCards(input: $input) { eventSeq } }`,
};
const RACE = `query ($id: ID!) { campaign(id: $id) { yummell { deckId board { name squares { square terrain cost capacity impassable name } }
  turnOrder currentCharacterId finishOrder turn { action movementEndedAt abilitiesUsed } pendingChallenge { characterId creature { id } characteristic number }
  drawPileCount discardPile { id } } decks { id name cardCount } } }`;
const CHARACTER = `query ($id: ID!) { character(id: $id) { id ${SHEET} } }`;
const EVENTS = `query ($c: ID!, $after: Int) { events(campaignId: $c, afterSeq: $after, limit: 1000) { seq type payload secret } }`;

const FULMERGH = { strength: 5, charm: 4, agility: 6, magic: 5 };
const GRIMLA = { strength: 4, charm: 6, agility: 5, magic: 4 };
const HEROISM = { name: 'Heroism', bonus: 4, characteristics: ['STRENGTH', 'CHARM', 'AGILITY', 'MAGIC'] };

type Table = Awaited<ReturnType<typeof createTable>>;

/** A test that plays many moves over HTTP: time for them on a busy machine. */
const MOVES_MS = 60_000;

interface Racer {
  id: string;
  client: Client;
}

describe('Yummell over HTTP', () => {
  const env = useTestArbiter();

  /** A Yummell campaign with Fulmergh (Ada's, Cleptomania and Heroism) and Grimla (Bo's) in the race, in that order. */
  async function race(settings?: Record<string, unknown>): Promise<{ table: Table; fulmergh: Racer; grimla: Racer }> {
    const table = settings ? await tableWith(settings) : await createTable(env.arbiter.url, 'yummell');
    const [ada, bo] = table.players;
    const created = async (memberId: string, name: string, characteristics: object, extra: object) =>
      (await table.gm.data(M.create, { input: { campaignId: table.campaignId, name, memberId, characteristics, ...extra } })).yummellCreateCharacter;
    const fulmergh = await created(ada.memberId, 'Fulmergh', FULMERGH, { abilities: ['CLEPTOMANIA'], advantages: [HEROISM] });
    const grimla = await created(bo.memberId, 'Grimla', GRIMLA, {});
    return { table, fulmergh: { id: fulmergh.character.id, client: ada.client }, grimla: { id: grimla.character.id, client: bo.client } };
  }

  /** createTable with the campaign's own settings. */
  async function tableWith(settings: Record<string, unknown>): Promise<Table> {
    const admin = new Client(env.arbiter.url, TEST_ADMIN_KEY);
    const created = (await admin.data(M.createCampaign, { input: { name: 'Race', ruleset: 'yummell', settings } })).createCampaign;
    const gm = new Client(env.arbiter.url, created.gmKey);
    const campaignId: string = created.campaign.id;
    const players = [];
    for (const name of ['Ada', 'Bo']) {
      const added = (await gm.data(`mutation ($input: AddMemberInput!) { addMember(input: $input) { member { id } apiKey } }`, { input: { campaignId, name, role: 'PLAYER' } })).addMember;
      players.push({ client: new Client(env.arbiter.url, added.apiKey), memberId: added.member.id as string, characterId: '' });
    }
    const { campaign } = await gm.data(`query ($id: ID!) { campaign(id: $id) { decks { id } } }`, { id: campaignId });
    return { admin, gm, campaignId, rngCommitment: '', players, deckId: campaign.decks[0].id };
  }

  /**
   * The GM's staging with the platform's card moves: every card of the draw pile and of the
   * racers' hands onto the table, then the hands as given, the rest back under the draw pile and
   * `top` on top of it, first card first. A card of the deck list may be named wherever it lies.
   */
  async function stage(table: Table, racers: string[], arrangement: { hands: Record<string, string[]>; top: string[] }): Promise<void> {
    const { gm, deckId, campaignId } = table;
    const { yummell } = (await gm.data(RACE, { id: campaignId })).campaign;
    const lifted: string[] = [];
    if (yummell.drawPileCount > 0) {
      const { drawCards } = await gm.data(M.drawCards, { input: { deckId, count: yummell.drawPileCount, to: 'TABLE' } });
      lifted.push(...drawCards.cards.map((card: { id: string }) => card.id));
    }
    for (const id of racers) {
      const held = (await gm.data(CHARACTER, { id })).character.yummell.hand.map((card: { id: string }) => card.id);
      if (held.length > 0) await gm.data(M.moveCards, { input: { deckId, cardIds: held, to: 'TABLE' } });
      lifted.push(...held);
    }
    for (const [characterId, cardIds] of Object.entries(arrangement.hands)) {
      await gm.data(M.moveCards, { input: { deckId, cardIds, to: 'HAND', characterId } });
    }
    const placed = new Set([...Object.values(arrangement.hands).flat(), ...arrangement.top]);
    const rest = lifted.filter((id) => !placed.has(id));
    if (rest.length > 0) await gm.data(M.moveCards, { input: { deckId, cardIds: rest, to: 'DRAW_PILE_BOTTOM' } });
    if (arrangement.top.length > 0) await gm.data(M.moveCards, { input: { deckId, cardIds: arrangement.top, to: 'DRAW_PILE_TOP' } });
  }

  const refusal = async (client: Client, query: string, input: object) => {
    const response = await client.request(query, { input });
    expect(response.body.errors).toBeDefined();
    return { ...response.body.errors![0].extensions, message: response.body.errors![0].message };
  };

  it("plays the turn of docs/rulesets/yummell.md's session: a move of 2 squares, the Salamander of Mount Ohrk beaten 10 > 9, the hand refilled, Grimla's turn", async () => {
    const { table, fulmergh, grimla } = await race();
    const { gm, campaignId } = table;

    // The race: the example board, in the order the characters joined; each holds 4 cards only its player and the GM see.
    const before = (await gm.data(RACE, { id: campaignId })).campaign;
    expect(before.yummell).toMatchObject({ turnOrder: [fulmergh.id, grimla.id], currentCharacterId: fulmergh.id, finishOrder: [], turn: { action: 'NONE' }, pendingChallenge: null, drawPileCount: 82 });
    expect(before.yummell.board.name).toBe('The road to Yummell');
    expect(before.yummell.board.squares).toHaveLength(20);
    expect(before.yummell.board.squares[5]).toEqual({ square: 6, terrain: 'WOOD', cost: 2, capacity: 1, impassable: false, name: 'Hollow Oak' });
    expect(before.decks).toEqual([{ id: before.yummell.deckId, name: 'Yummell encounter deck', cardCount: 90 }]);
    const asAda = (await fulmergh.client.data(CHARACTER, { id: fulmergh.id })).character.yummell;
    expect(asAda).toMatchObject({ position: 0, characteristics: FULMERGH, abilities: ['CLEPTOMANIA'], advantages: [{ ...HEROISM, discardOnUse: false }], artefacts: [], handCount: 4 });
    expect(asAda.hand).toHaveLength(4);
    expect((await grimla.client.data(CHARACTER, { id: fulmergh.id })).character.yummell).toMatchObject({ handCount: 4, hand: null });
    const created = (client: Client) =>
      client.data(EVENTS, { c: campaignId, after: 0 }).then(({ events }) => events.find((event: { type: string; payload: { characterId: string } }) => event.type === 'yummell.character.created' && event.payload.characterId === fulmergh.id));
    expect(await created(fulmergh.client)).toMatchObject({ payload: { handCount: 4 }, secret: { hand: asAda.hand.map((card: { id: string }) => card.id) } });
    expect(await created(grimla.client)).toMatchObject({ payload: { handCount: 4 }, secret: null });

    await stage(table, [fulmergh.id, grimla.id], { hands: { [fulmergh.id]: ['wind-2', 'hex-imp-3', 'wolf-pack-1', 'bog-witch-1'] }, top: ['salamander-of-mount-ohrk-1'] });
    const { lastEventSeq: staged } = await env.db.eventSeqs(campaignId);

    // 1. Wind (value 3): PLAIN 1 + PLAIN 1; HILLS would cost 2, more than the point left.
    const moved = (await fulmergh.client.data(M.move, { input: { characterId: fulmergh.id, cardId: 'wind-2' } })).yummellMove;
    expect(moved).toEqual({
      card: { id: 'wind-2', name: 'Wind', type: 'EVENT', value: 3 },
      from: 0,
      path: [
        { square: 1, terrain: 'PLAIN', terrainCost: 1, bonus: 0, pawns: 0, cost: 1 },
        { square: 2, terrain: 'PLAIN', terrainCost: 1, bonus: 0, pawns: 0, cost: 1 },
      ],
      pointsUsed: 2,
      pointsLeft: 1,
      position: 2,
      advanced: 2,
      stoppedBecause: 'OUT_OF_POINTS',
      stoppedBefore: 3,
      abilities: [],
      encounter: {
        card: { id: 'salamander-of-mount-ohrk-1', name: 'Salamander of Mount Ohrk', type: 'CREATURE', value: 3 },
        result: 'Salamander of Mount Ohrk: a challenge on STRENGTH, to beat 9',
        eventOutcome: null,
      },
      noEncounterBecause: null,
      arrival: null,
      challengePending: true,
      handCount: 3,
      eventSeq: staged + 1,
    });

    // 2. Only the current character acts, a player only for their own, and the challenge comes first: refused, nothing written.
    expect(await refusal(grimla.client, M.rest, { characterId: grimla.id })).toMatchObject({ code: 'RULE_VIOLATION', reason: 'NOT_YOUR_TURN', message: "it is Fulmergh's turn, not Grimla's" });
    expect(await refusal(grimla.client, M.rest, { characterId: fulmergh.id })).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(fulmergh.client, M.endTurn, { characterId: fulmergh.id })).toMatchObject({
      code: 'RULE_VIOLATION',
      reason: 'CHALLENGE_PENDING',
      message: 'Fulmergh must first resolve the challenge against Salamander of Mount Ohrk',
    });
    expect(await refusal(fulmergh.client, M.resolve, { characterId: fulmergh.id })).toMatchObject({ code: 'RULE_VIOLATION', reason: 'CARD_REQUIRED' });
    expect(await refusal(fulmergh.client, M.resolve, { characterId: fulmergh.id, cardId: 'hex-imp-3', advantages: ['Luck'] })).toMatchObject({ reason: 'UNKNOWN_ADVANTAGE' });
    expect((await env.db.eventSeqs(campaignId)).lastEventSeq).toBe(staged + 2);
    const pending = (await gm.data(RACE, { id: campaignId })).campaign.yummell;
    expect(pending).toMatchObject({ turn: { action: 'MOVED', movementEndedAt: 2 }, pendingChallenge: { characterId: fulmergh.id, creature: { id: 'salamander-of-mount-ohrk-1' }, characteristic: 'STRENGTH', number: 9 } });

    // Before choosing a card: which ones win, from Fulmergh's player's view alone. Read only, and
    // the same bits when a card of Grimla's hand swaps with one of the draw pile, reordered.
    const ODDS = `query ($input: YummellChallengeOddsInput!) { yummellChallengeOdds(input: $input) {
      creature { id } number base lowestWinningValue cards { card { id } value total wins } winningCardIds noCardToPlay } }`;
    const ask = async () => (await fulmergh.client.request(ODDS, { input: { characterId: fulmergh.id } })).text;
    const odds = await ask();
    expect(JSON.parse(odds).data.yummellChallengeOdds).toMatchObject({
      creature: { id: 'salamander-of-mount-ohrk-1' },
      number: 9,
      base: 5,
      lowestWinningValue: 5,
      winningCardIds: ['hex-imp-3'],
      noCardToPlay: false,
    });
    const [deck] = await env.db.query('SELECT id, draw_pile, hands FROM decks WHERE id = $1', [pending.deckId]);
    const grimlas: string[] = deck.hands[grimla.id];
    const drawPile: string[] = deck.draw_pile;
    const hands = { ...deck.hands, [grimla.id]: [drawPile[0], ...grimlas.slice(1)] };
    await env.db.query('UPDATE decks SET draw_pile = $2, hands = $3, version = version + 1 WHERE id = $1', [deck.id, [grimlas[0], ...drawPile.slice(1)].reverse(), hands]);
    expect(await ask()).toBe(odds);
    expect(await refusal(grimla.client, ODDS, { characterId: fulmergh.id })).toMatchObject({ code: 'FORBIDDEN' });
    const rest = await fetch(`${env.arbiter.url}/v1/yummell/characters/${fulmergh.id}/challenge-odds`, { headers: { authorization: `Bearer ${fulmergh.client.key}` } });
    expect(((await rest.json()) as { winningCardIds: string[] }).winningCardIds).toEqual(['hex-imp-3']);
    expect((await env.db.eventSeqs(campaignId)).lastEventSeq).toBe(staged + 2);
    // Put the piles back as they were, so the rest of the turn plays as docs/rulesets/yummell.md tells it.
    await env.db.query('UPDATE decks SET draw_pile = $2, hands = $3, version = version + 1 WHERE id = $1', [deck.id, drawPile, deck.hands]);

    // STRENGTH 5 + the Hex Imp's 5 = 10 > 9: won, one square ahead.
    const won = (await fulmergh.client.data(M.resolve, { input: { characterId: fulmergh.id, cardId: 'hex-imp-3' } })).yummellResolveChallenge;
    expect(won).toEqual({
      creature: { id: 'salamander-of-mount-ohrk-1', name: 'Salamander of Mount Ohrk' },
      characteristic: 'STRENGTH',
      number: 9,
      card: { id: 'hex-imp-3', value: 5 },
      characteristicValue: 5,
      cardValue: 5,
      advantages: [],
      artefacts: [],
      total: 10,
      won: true,
      discardedAdvantages: [],
      from: 2,
      position: 3,
      moved: 'ADVANCED',
      arrival: null,
      handCount: 2,
      eventSeq: staged + 3,
    });

    // 3. The hand back to 4; Grimla's turn.
    const ended = (await fulmergh.client.data(M.endTurn, { input: { characterId: fulmergh.id } })).yummellEndTurn;
    expect(ended).toMatchObject({ handCount: 4, nextCharacterId: grimla.id, eventSeq: staged + 4 });
    expect(ended.drawn).toHaveLength(2);
    const after = (await gm.data(RACE, { id: campaignId })).campaign.yummell;
    expect(after).toMatchObject({ currentCharacterId: grimla.id, turn: { action: 'NONE', movementEndedAt: null }, pendingChallenge: null });
    expect(after.discardPile.map((card: { id: string }) => card.id)).toEqual(['salamander-of-mount-ohrk-1', 'hex-imp-3', 'wind-2']);

    // The log: the drawn cards are the secret of Ada (and the GM); Bo sees how many.
    const types = (client: Client) => client.data(EVENTS, { c: campaignId, after: staged });
    const forAda = (await types(fulmergh.client)).events;
    const forBo = (await types(grimla.client)).events;
    expect(forAda.map((event: { type: string }) => event.type)).toEqual(['yummell.character.moved', 'yummell.encounter.drawn', 'yummell.challenge.resolved', 'yummell.turn.ended']);
    expect(forAda[3]).toMatchObject({ payload: { characterId: fulmergh.id, drawnCount: 2, handCount: 4, nextCharacterId: grimla.id }, secret: { drawn: ended.drawn.map((card: { id: string }) => card.id) } });
    expect(forBo[3]).toMatchObject({ payload: { drawnCount: 2 }, secret: null });
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
    const seqs = await env.db.eventSeqs(campaignId);
    expect(seqs.seqs).toEqual(range(seqs.lastEventSeq));
  }, MOVES_MS);

  it('plays a race of two characters to a winner, each on their own turn, and records the order of arrival', async () => {
    // A short track, so that the race ends in a few turns whatever the deck deals.
    const board = { name: 'Sprint', squares: [{ terrain: 'PLAIN' }, { terrain: 'HILLS' }, { terrain: 'PLAIN', capacity: 1 }, { terrain: 'WOOD' }, { terrain: 'PLAIN' }, { terrain: 'PLAIN' }] };
    const { table, fulmergh, grimla } = await race({ board });
    const racers = new Map([fulmergh, grimla].map((racer) => [racer.id, racer]));
    const arrivals: Array<{ id: string; place: number; winner: boolean }> = [];
    const bestCard = async (racer: Racer): Promise<string | null> => {
      const { hand } = (await racer.client.data(CHARACTER, { id: racer.id })).character.yummell;
      return hand.length === 0 ? null : [...hand].sort((a: { value: number }, b: { value: number }) => b.value - a.value)[0].id;
    };
    let turns = 0;
    for (; turns < 200; turns++) {
      const { yummell } = (await table.gm.data(RACE, { id: table.campaignId })).campaign;
      if (yummell.currentCharacterId === null) break;
      const racer = racers.get(yummell.currentCharacterId)!;
      const cardId = await bestCard(racer);
      let arrival: { place: number; winner: boolean } | null = null;
      if (cardId === null) {
        await racer.client.data(M.rest, { input: { characterId: racer.id } });
      } else {
        const moved = (await racer.client.data(M.move, { input: { characterId: racer.id, cardId } })).yummellMove;
        arrival = moved.arrival;
        if (moved.challengePending) {
          const resolved = (await racer.client.data(M.resolve, { input: { characterId: racer.id, cardId: await bestCard(racer) } })).yummellResolveChallenge;
          expect(resolved.won).toBe(resolved.cardValue !== null && resolved.total > resolved.number);
          arrival = resolved.arrival;
        }
      }
      // Arriving ends the turn by itself.
      if (arrival) arrivals.push({ id: racer.id, place: arrival.place, winner: arrival.winner });
      else await racer.client.data(M.endTurn, { input: { characterId: racer.id } });
    }
    expect(turns).toBeLessThan(200);

    const { yummell } = (await table.gm.data(RACE, { id: table.campaignId })).campaign;
    expect(arrivals).toEqual([
      { id: yummell.finishOrder[0], place: 1, winner: true },
      { id: yummell.finishOrder[1], place: 2, winner: false },
    ]);
    expect(new Set(yummell.finishOrder)).toEqual(new Set([fulmergh.id, grimla.id]));
    expect(yummell.currentCharacterId).toBeNull();
    for (const racer of racers.values()) expect((await table.gm.data(CHARACTER, { id: racer.id })).character.yummell.position).toBe(6);
    const winner = racers.get(yummell.finishOrder[0])!;
    expect(await refusal(winner.client, M.rest, { characterId: winner.id })).toMatchObject({ code: 'RULE_VIOLATION', reason: 'ALREADY_ARRIVED' });

    const { events } = await table.gm.data(EVENTS, { c: table.campaignId });
    const arrived = events.filter((event: { type: string }) => event.type === 'yummell.character.arrived');
    expect(arrived.map((event: { payload: object }) => event.payload)).toEqual([
      { characterId: yummell.finishOrder[0], square: 6, place: 1, winner: true, nextCharacterId: yummell.finishOrder[1] },
      { characterId: yummell.finishOrder[1], square: 6, place: 2, winner: false, nextCharacterId: null },
    ]);
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
    const seqs = await env.db.eventSeqs(table.campaignId);
    expect(seqs.seqs).toEqual(range(seqs.lastEventSeq));

    // Once the seed is revealed, every draw and every outcome of the race follows from it.
    await table.gm.data(`mutation ($input: RotateSeedInput!) { rotateSeed(input: $input) { lastEventSeq } }`, { input: { campaignId: table.campaignId, force: true } });
    const verified = (await table.gm.data(`query ($c: ID!) { verifyEvents(campaignId: $c) { checked mismatches outcomeProblems { seq problem } notReplayed { type why } } }`, {
      c: table.campaignId,
    })).verifyEvents;
    expect(verified).toMatchObject({ checked: seqs.lastEventSeq + 1, mismatches: [], outcomeProblems: [] });
    expect(verified.notReplayed).toEqual([]);
  }, MOVES_MS);

  it('lets Cleptomania take an Artefact of a character in the square where the movement ended, once a turn', async () => {
    const { table, fulmergh, grimla } = await race();
    await stage(table, [fulmergh.id, grimla.id], {
      hands: { [fulmergh.id]: ['wolf-pack-1', 'wind-1', 'bog-witch-1', 'hex-imp-2'], [grimla.id]: ['hex-imp-1', 'wind-3', 'wind-4', 'bog-witch-2'] },
      // Grimla's encounter, the card that refills her hand, Fulmergh's encounter.
      top: ['sword-of-embers-1', 'wild-boar-1', 'hills-guide-1'],
    });
    await fulmergh.client.data(M.rest, { input: { characterId: fulmergh.id } });
    await fulmergh.client.data(M.endTurn, { input: { characterId: fulmergh.id } });
    const grimlas = (await grimla.client.data(M.move, { input: { characterId: grimla.id, cardId: 'hex-imp-1' } })).yummellMove;
    expect(grimlas).toMatchObject({ position: 2, encounter: { card: { id: 'sword-of-embers-1', type: 'ARTEFACT' }, result: 'Sword of Embers joins the active Artefacts' } });
    await grimla.client.data(M.endTurn, { input: { characterId: grimla.id } });

    // Wolf Pack (3): square 1 costs 1, square 2 costs 1 + 1 for Grimla's pawn. Hills Guide has no effect: the movement is over.
    const moved = (await fulmergh.client.data(M.move, { input: { characterId: fulmergh.id, cardId: 'wolf-pack-1' } })).yummellMove;
    expect(moved.path.map((step: { square: number; pawns: number; cost: number }) => [step.square, step.pawns, step.cost])).toEqual([[1, 0, 1], [2, 1, 2]]);
    expect(moved.encounter).toEqual({
      card: { id: 'hills-guide-1', name: 'Hills Guide', type: 'EVENT', value: 2 },
      result: 'Hills Guide gives a movement bonus in HILLS, and the movement is over: no effect',
      eventOutcome: { applied: false, noEffectReason: 'MOVEMENT_OVER', noEffectMessage: 'Hills Guide gives a movement bonus in HILLS, and the movement is over: no effect', from: 2, to: 2 },
    });
    expect(await refusal(grimla.client, M.useAbility, { characterId: fulmergh.id, ability: 'CLEPTOMANIA', targetCharacterId: grimla.id })).toMatchObject({ code: 'FORBIDDEN' });
    const used = (await fulmergh.client.data(M.useAbility, { input: { characterId: fulmergh.id, ability: 'CLEPTOMANIA', targetCharacterId: grimla.id } })).yummellUseAbility;
    expect(used).toMatchObject({ ability: 'CLEPTOMANIA', when: 'AFTER_ENCOUNTER', square: 2, targetCharacterId: grimla.id, artefact: { id: 'sword-of-embers-1', name: 'Sword of Embers' } });
    expect(await refusal(fulmergh.client, M.useAbility, { characterId: fulmergh.id, ability: 'CLEPTOMANIA', targetCharacterId: grimla.id })).toMatchObject({ reason: 'ABILITY_USED' });
    expect((await table.gm.data(CHARACTER, { id: fulmergh.id })).character.yummell.artefacts).toEqual([{ id: 'sword-of-embers-1' }]);
    expect((await table.gm.data(CHARACTER, { id: grimla.id })).character.yummell.artefacts).toEqual([]);
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
  }, MOVES_MS);

  it("resolves a challenge whose Creature the GM's endScene shuffled back into the deck", async () => {
    const { table, fulmergh, grimla } = await race();
    await stage(table, [fulmergh.id, grimla.id], { hands: { [fulmergh.id]: ['wind-2', 'hex-imp-3', 'wolf-pack-1', 'bog-witch-1'] }, top: ['salamander-of-mount-ohrk-1'] });
    await fulmergh.client.data(M.move, { input: { characterId: fulmergh.id, cardId: 'wind-2' } });
    await table.gm.data(`mutation ($input: EndSceneInput!) { endScene(input: $input) { eventSeq } }`, { input: { campaignId: table.campaignId } });
    const won = (await fulmergh.client.data(M.resolve, { input: { characterId: fulmergh.id, cardId: 'hex-imp-3' } })).yummellResolveChallenge;
    expect(won).toMatchObject({ creature: { id: 'salamander-of-mount-ohrk-1' }, total: 10, won: true, position: 3 });
    const { yummell } = (await table.gm.data(RACE, { id: table.campaignId })).campaign;
    expect(yummell).toMatchObject({ pendingChallenge: null, discardPile: [{ id: 'salamander-of-mount-ohrk-1' }, { id: 'hex-imp-3' }] });
    expect(await env.db.deckIsConserved(table.deckId)).toBe(true);
  }, MOVES_MS);

  it('lets the GM choose the board and deck, checked square by square and card by card, before anyone joins', async () => {
    const admin = new Client(env.arbiter.url, TEST_ADMIN_KEY);
    const [{ count: campaignsBefore }] = await env.db.query('SELECT count(*)::int AS count FROM campaigns');
    const badBoard = await admin.request(M.createCampaign, { input: { name: 'x', ruleset: 'yummell', settings: { board: { squares: [{ terrain: 'PLAIN' }, { terrain: 'LAVA', name: 'Mount Ohrk' }] } } } });
    expect(badBoard.body.errors![0]).toMatchObject({
      message: expect.stringContaining('squares[1] (square 2, Mount Ohrk).terrain must be one of PLAIN, HILLS, WOOD, SWAMP'),
      extensions: { code: 'BAD_USER_INPUT', field: 'settings.board.squares[1].terrain' },
    });
    const badCard = await admin.request(M.createCampaign, {
      input: { name: 'x', ruleset: 'yummell', settings: { cards: [{ id: 'salamander', name: 'Salamander of Mount Ohrk', type: 'CREATURE', value: 9, characteristic: 'STRENGTH', number: 9 }] } },
    });
    expect(badCard.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'settings.cards[0].value' });
    expect((await admin.request(M.createCampaign, { input: { name: 'x', ruleset: 'yummell', settings: { deckPrest: 'x' } } })).body.errors![0].extensions).toMatchObject({
      field: 'settings.deckPrest',
    });
    expect((await env.db.query('SELECT count(*)::int AS count FROM campaigns'))[0].count).toBe(campaignsBefore);

    const table = await createTable(env.arbiter.url, 'yummell');
    const { gm, campaignId } = table;
    const [ada] = table.players;
    const deckBefore = (await gm.data(RACE, { id: campaignId })).campaign.yummell.deckId;
    expect(await refusal(ada.client, M.setUp, { campaignId, boardPreset: 'yummell-example-board' })).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(gm, M.setUp, { campaignId, board: { squares: [{ terrain: 'PLAIN', capacity: 0 }] } })).toMatchObject({ code: 'BAD_USER_INPUT', field: 'board.squares[0].capacity' });

    // Another board: the same deck list, reshuffled.
    const track = { name: 'Ridge', squares: [{ terrain: 'HILLS' }, { terrain: 'SWAMP', impassable: true }, { terrain: 'PLAIN' }] };
    const reboarded = (await gm.data(M.setUp, { input: { campaignId, board: track } })).yummellSetUp;
    expect(reboarded).toMatchObject({
      deckId: deckBefore,
      cardCount: 90,
      board: { name: 'Ridge', squares: [{ square: 1, terrain: 'HILLS', cost: 2 }, { square: 2, impassable: true, cost: 3 }, { square: 3, terrain: 'PLAIN', capacity: null }] },
    });
    // Another deck list: a new encounter deck.
    const cards = [
      { id: 'salamander', name: 'Salamander of Mount Ohrk', type: 'CREATURE', value: 5, characteristic: 'STRENGTH', number: 9 },
      { id: 'wind', name: 'Wind', type: 'EVENT', value: 3, arrow: true, condition: { onTerrain: 'PLAIN' }, effect: { kind: 'BACKTRACK' } },
      { id: 'guide', name: 'Hills Guide', type: 'EVENT', value: 2, arrow: false, effect: { kind: 'MOVEMENT_BONUS', terrain: 'HILLS', amount: 1 } },
    ];
    const redealt = (await gm.data(M.setUp, { input: { campaignId, cards } })).yummellSetUp;
    expect(redealt.deckId).not.toBe(deckBefore);
    expect(redealt).toMatchObject({ cardCount: 3, board: { name: 'The road to Yummell' } });
    const raceNow = (await ada.client.data(`query ($id: ID!) { campaign(id: $id) { yummell { deckId drawPileCount cards { id type arrow conditionTerrain effect { kind terrain amount } } } } }`, { id: campaignId }))
      .campaign.yummell;
    expect(raceNow).toMatchObject({ deckId: redealt.deckId, drawPileCount: 3 });
    expect(raceNow.cards).toContainEqual({ id: 'wind', type: 'EVENT', arrow: true, conditionTerrain: 'PLAIN', effect: { kind: 'BACKTRACK', terrain: null, amount: null } });
    expect(await env.db.deckIsConserved(redealt.deckId)).toBe(true);

    // Characters are the GM's to print; once one joined, the race is under way.
    const character = { campaignId, name: 'Fulmergh', characteristics: FULMERGH };
    expect(await refusal(ada.client, M.create, { ...character, memberId: ada.memberId })).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('Only the GM decides') });
    expect(await refusal(gm, M.create, { ...character, memberId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ code: 'NOT_FOUND' });
    const created = (await gm.data(M.create, { input: { ...character, memberId: ada.memberId } })).yummellCreateCharacter;
    expect(created).toMatchObject({ character: { name: 'Fulmergh', memberId: ada.memberId, yummell: { position: 0, handCount: 3 } }, currentCharacterId: created.character.id });
    expect(await refusal(gm, M.setUp, { campaignId, boardPreset: 'yummell-example-board' })).toMatchObject({ code: 'RULE_VIOLATION', reason: 'RACE_UNDER_WAY' });
  }, MOVES_MS);

  it('keeps every other campaign NOT_FOUND, and names the field of a character of another ruleset', async () => {
    const { table, fulmergh } = await race();
    const other = await createTable(env.arbiter.url, 'yummell');
    expect(await refusal(other.gm, M.rest, { characterId: fulmergh.id })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(other.gm, M.setUp, { campaignId: table.campaignId })).toMatchObject({ code: 'NOT_FOUND' });
    expect((await other.gm.request(RACE, { id: table.campaignId })).body.errors![0].extensions!.code).toBe('NOT_FOUND');
    // A character of the platform only, in this campaign, is not in the race; one of a Tenth Realm campaign is not even of Yummell.
    expect(await refusal(table.gm, M.rest, { characterId: table.players[0].characterId })).toMatchObject({ code: 'RULE_VIOLATION', reason: 'UNKNOWN_CHARACTER' });
    const tenth = await createTable(env.arbiter.url, 'tenth-realm');
    expect(await refusal(tenth.gm, M.rest, { characterId: tenth.players[0].characterId })).toMatchObject({ code: 'BAD_USER_INPUT', field: 'characterId' });
    expect((await tenth.gm.data(RACE, { id: tenth.campaignId })).campaign.yummell).toBeNull();
  }, MOVES_MS);

  it('lists who decides each input, for mutations of the schema', async () => {
    const anonymous = new Client(env.arbiter.url);
    const { rulesets } = await anonymous.data('{ rulesets { id authority { action input decidedBy source } } }');
    const { authority } = rulesets.find((ruleset: { id: string }) => ruleset.id === 'yummell');
    const schema = await new Client(env.arbiter.url, TEST_ADMIN_KEY).data('{ __schema { mutationType { fields { name } } } }');
    const mutations = new Set(schema.__schema.mutationType.fields.map((field: { name: string }) => field.name));
    expect(authority.length).toBeGreaterThan(0);
    for (const row of authority) expect(mutations).toContain(row.action);
    expect(authority).toContainEqual({ action: 'yummellCreateCharacter', input: 'characteristics', decidedBy: 'GM', source: expect.any(String) });
    expect(authority).toContainEqual({ action: 'yummellMove', input: 'cardId', decidedBy: 'ACTING_PLAYER', source: expect.any(String) });
    const { yummellPresets } = await anonymous.data('{ yummellPresets { boards { id board { squares { square } } } decks { id cards { id name } } } }');
    expect(yummellPresets.boards.map((preset: { id: string }) => preset.id)).toEqual(['yummell-example-board']);
    expect(yummellPresets.decks[0].cards).toHaveLength(90);
    expect(yummellPresets.decks[0].cards.map((card: { name: string }) => card.name)).toEqual(expect.arrayContaining(['Salamander of Mount Ohrk', 'Wind', 'Hills Guide']));
  }, MOVES_MS);

  describe('REST /v1/yummell', () => {
    const call = async (path: string, key: string, body?: object) => {
      const response = await fetch(`${env.arbiter.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as any };
    };

    it('plays a turn as the mutations of the same names do, with their refusals', async () => {
      const { table, fulmergh, grimla } = await race();
      await stage(table, [fulmergh.id, grimla.id], { hands: { [fulmergh.id]: ['wind-2', 'hex-imp-3', 'wolf-pack-1', 'bog-witch-1'] }, top: ['salamander-of-mount-ohrk-1'] });
      const ada = fulmergh.client.key!;
      const bo = grimla.client.key!;
      const at = (id: string, action: string) => `/v1/yummell/characters/${id}/${action}`;

      expect(await call(at(fulmergh.id, 'move'), bo, { cardId: 'wind-2' })).toMatchObject({ status: 403, body: { errors: [{ extensions: { code: 'FORBIDDEN' } }] } });
      expect(await call(at(grimla.id, 'rest'), bo)).toMatchObject({ status: 422, body: { errors: [{ extensions: { code: 'RULE_VIOLATION', reason: 'NOT_YOUR_TURN' } }] } });
      expect(await call(at(fulmergh.id, 'move'), ada, { cardId: 'wind-2', stopAfter: 0 })).toMatchObject({ status: 400, body: { errors: [{ extensions: { code: 'BAD_USER_INPUT', field: 'stopAfter' } }] } });

      const moved = await call(at(fulmergh.id, 'move'), ada, { cardId: 'wind-2' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ position: 2, pointsUsed: 2, challengePending: true, encounter: { card: { id: 'salamander-of-mount-ohrk-1', characteristic: 'STRENGTH', number: 9 } } });
      const resolved = await call(at(fulmergh.id, 'resolve-challenge'), ada, { cardId: 'wolf-pack-1', advantages: ['Heroism'] });
      // 5 + 3 + Heroism 4 = 12 > 9.
      expect(resolved).toMatchObject({ status: 200, body: { total: 12, won: true, advantages: [{ name: 'Heroism', bonus: 4, cardId: null }], moved: 'ADVANCED', position: 3 } });
      const ended = await call(at(fulmergh.id, 'end-turn'), ada);
      expect(ended).toMatchObject({ status: 200, body: { handCount: 4, nextCharacterId: grimla.id } });
      expect(ended.body.drawn).toHaveLength(2);
      expect(await call(at(grimla.id, 'rest'), bo)).toMatchObject({ status: 200, body: { position: 0 } });
    }, MOVES_MS);
  });
});
