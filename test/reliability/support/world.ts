import { Client, TEST_ADMIN_KEY, type GraphQLResponse } from '../../helpers/arbiter.js';
import type { DbChecks } from '../../helpers/db-checks.js';

/**
 * The callers every operation is tried as: no key, a key that is one character off a real one,
 * the GM of another campaign, the player whose character the request names, another player of
 * the same campaign, the campaign's GM, and the ADMIN.
 */
export const ROLES = ['anonymous', 'wrongKey', 'otherGm', 'player', 'otherPlayer', 'gm', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who a client is, to work out what it may see. */
export type Viewer =
  | { kind: 'admin' }
  | { kind: 'member'; role: 'GM' | 'PLAYER'; campaignId: string; memberId: string }
  | { kind: 'nobody' };

/** One request and its answer, as a recorder sees it. */
export interface Exchange {
  viewer: Viewer;
  query: string;
  variables: Record<string, unknown>;
  status: number;
  text: string;
}

export type Recorder = (exchange: Exchange) => void | Promise<void>;

/** A GraphQL client that knows who it is and reports every exchange to a recorder. */
export class ArbiterClient extends Client {
  constructor(
    url: string,
    key: string | undefined,
    readonly viewer: Viewer,
    private readonly recorder?: Recorder,
  ) {
    super(url, key);
  }

  override async request<T = Record<string, any>>(
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<GraphQLResponse<T>> {
    const response = await super.request<T>(query, variables, headers);
    await this.recorder?.({ viewer: this.viewer, query, variables, status: response.status, text: response.text });
    return response;
  }
}

/** The same key with one character changed in its middle: it must be refused. */
export function oneCharacterOff(key: string): string {
  const at = Math.floor(key.length / 2);
  return key.slice(0, at) + (key[at] === 'A' ? 'B' : 'A') + key.slice(at + 1);
}

export interface Member {
  client: ArbiterClient;
  memberId: string;
  key: string;
}

/** One prepared campaign: a GM, two players with characters, NPCs, decks and cards in hands. */
export interface Table {
  ruleset: string;
  campaignId: string;
  gm: Member;
  ada: Member;
  bo: Member;
  /** Platform characters (createCharacter): Ada's, Bo's and an NPC of the GM's. */
  adaCharacterId: string;
  boCharacterId: string;
  npcCharacterId: string;
  /** The campaign's first deck: the ruleset's own, or a standard-52 one. */
  deckId: string;
  tenthRealm?: { adaCharacterId: string; boCharacterId: string; hex: string; encounterId: string };
  enchantedRealms?: { adaCharacterId: string; boCharacterId: string; npcCharacterId: string };
  /** Yummell racers: Ada's (Cleptomania, Heroism) and Bo's, in that turn order. */
  yummell?: { adaCharacterId: string; boCharacterId: string };
  enchantedRealmsD20?: { adaCombatantId: string; foeCombatantId: string; encounterId: string };
}

const CREATE_CAMPAIGN = `mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } gm { id } gmKey } }`;
const ADD_MEMBER = `mutation ($input: AddMemberInput!) { addMember(input: $input) { member { id } apiKey } }`;
const CREATE_CHARACTER = `mutation ($input: CreateCharacterInput!) { createCharacter(input: $input) { id } }`;
const CREATE_DECK = `mutation ($input: CreateDeckInput!) { createDeck(input: $input) { id } }`;
const DRAW = `mutation ($input: DrawCardsInput!) { drawCards(input: $input) { cards { id type } } }`;
const MOVE = `mutation ($input: MoveCardsInput!) { moveCards(input: $input) { eventSeq } }`;
const TR_CREATE = `mutation ($input: TenthRealmCreateCharacterInput!) { tenthRealmCreateCharacter(input: $input) { character { id } } }`;
const TR_VANORI = `mutation ($input: TenthRealmChooseVanoriInput!) { tenthRealmChooseVanori(input: $input) { eventSeq } }`;
const TR_FINISH = `mutation ($input: TenthRealmFinishCharacterInput!) { tenthRealmFinishCharacter(input: $input) { eventSeq } }`;
const TR_START_COMBAT = `mutation ($input: TenthRealmStartCombatInput!) { tenthRealmStartCombat(input: $input) { encounter { id } } }`;
const TR_END_COMBAT = `mutation ($input: TenthRealmEndCombatInput!) { tenthRealmEndCombat(input: $input) { eventSeq } }`;
const TR_TRIAL = `mutation ($input: TenthRealmTrialRollInput!) { tenthRealmTrialRoll(input: $input) { character { tenthRealm { xp } } } }`;
const ER_CREATE = `mutation ($input: EnchantedRealmsCreateCharacterInput!) { enchantedRealmsCreateCharacter(input: $input) { character { id } } }`;
const YM_CREATE = `mutation ($input: YummellCreateCharacterInput!) { yummellCreateCharacter(input: $input) { character { id } } }`;
const YM_RACE = `query ($id: ID!) { campaign(id: $id) { yummell { currentCharacterId finishOrder turn { action } pendingChallenge { characterId } } } }`;
const YM_HAND = `query ($id: ID!) { character(id: $id) { yummell { hand { id value } } } }`;
const YM_MOVE = `mutation ($input: YummellMoveInput!) { yummellMove(input: $input) { challengePending arrival { place } } }`;
const YM_RESOLVE = `mutation ($input: YummellResolveChallengeInput!) { yummellResolveChallenge(input: $input) { won } }`;
const YM_REST = `mutation ($input: YummellCharacterInput!) { yummellRest(input: $input) { position } }`;
const YM_END_TURN = `mutation ($input: YummellCharacterInput!) { yummellEndTurn(input: $input) { nextCharacterId } }`;

/** Heroism (seed 003): +4 to every Characteristic in challenges. */
export const HEROISM = { name: 'Heroism', bonus: 4, characteristics: ['STRENGTH', 'CHARM', 'AGILITY', 'MAGIC'] };
/** A Yummell character card: whole numbers from 0 to 10. */
export const YUMMELL_CHARACTERISTICS = { strength: 5, charm: 4, agility: 6, magic: 5 };
/**
 * The reliability tests' Yummell track: 300 PLAIN squares, so that nobody arrives however often
 * the tests move (an arrived racer can no longer act), and any card enters the next free square.
 */
const YUMMELL_TRACK = { name: 'The long road', squares: Array.from({ length: 300 }, () => ({ terrain: 'PLAIN' })) };
const D20_CREATE = `mutation ($input: EnchantedRealmsD20CreateCombatantInput!) { enchantedRealmsD20CreateCombatant(input: $input) { combatant { id } } }`;
const D20_START = `mutation ($input: EnchantedRealmsD20StartCombatInput!) { enchantedRealmsD20StartCombat(input: $input) { combat { id } } }`;

export type TenthRealmStage = 'draft' | 'vanori' | 'active';

/**
 * The prepared world of the reliability tests: one campaign per ruleset the server lists (so a new
 * ruleset is covered by itself), each with a GM, two players (Ada, Bo) with characters, an NPC,
 * decks, cards in every hand and the ruleset's own state (Tenth Realm characters, a region and an
 * active combat; Enchanted Realms adventurers; d20 combatants in a combat); and one more campaign,
 * elsewhere, whose GM plays "the GM of another campaign". Setup runs as the GM (or the ADMIN) and
 * must succeed.
 */
export class World {
  readonly admin: ArbiterClient;
  readonly anonymous: ArbiterClient;

  constructor(
    readonly url: string,
    readonly db: DbChecks,
    readonly tables: Table[],
    readonly elsewhere: Table,
    private readonly recorder: Recorder | undefined,
  ) {
    this.admin = new ArbiterClient(url, TEST_ADMIN_KEY, { kind: 'admin' }, recorder);
    this.anonymous = new ArbiterClient(url, undefined, { kind: 'nobody' }, recorder);
  }

  static async prepare(
    url: string,
    db: DbChecks,
    options: { recorder?: Recorder; label?: string; settings?: (ruleset: string) => Record<string, unknown> | undefined } = {},
  ): Promise<World> {
    const admin = new ArbiterClient(url, TEST_ADMIN_KEY, { kind: 'admin' }, options.recorder);
    const { rulesets } = await admin.data<{ rulesets: Array<{ id: string }> }>('{ rulesets { id } }');
    const label = options.label ?? 'World';
    const open = (ruleset: string, name: string) => openTable(url, admin, db, ruleset, name, options.settings?.(ruleset), options.recorder);
    const tables: Table[] = [];
    for (const { id } of rulesets) tables.push(await open(id, `${label} ${id}`));
    // Another campaign, with the starter cards: none of its cards shares an id with the tables' own.
    const elsewhere = await openTable(url, admin, db, 'enchanted-realms-cards', `${label} elsewhere`, undefined, options.recorder);
    return new World(url, db, tables, elsewhere, options.recorder);
  }

  table(ruleset: string): Table {
    const table = this.tables.find((candidate) => candidate.ruleset === ruleset);
    if (!table) throw new Error(`no prepared campaign plays ${ruleset}`);
    return table;
  }

  /** The client of a role, for requests about `table`. */
  client(table: Table, role: Role): ArbiterClient {
    switch (role) {
      case 'anonymous':
        return this.anonymous;
      case 'wrongKey':
        return new ArbiterClient(this.url, oneCharacterOff(table.gm.key), { kind: 'nobody' }, this.recorder);
      case 'otherGm':
        return this.elsewhere.gm.client;
      case 'player':
        return table.ada.client;
      case 'otherPlayer':
        return table.bo.client;
      case 'gm':
        return table.gm.client;
      case 'admin':
        return this.admin;
    }
  }

  // ---- setup helpers for the requests of each operation (as the GM) ----------------------------

  private readonly openDecks = new Map<string, string>();

  /** A standard-52 deck of the campaign that no ruleset owns (the generic card moves are anyone's rules there); made once. */
  async openDeck(table: Table): Promise<string> {
    const known = this.openDecks.get(table.campaignId);
    if (known) return known;
    const { createDeck } = await table.gm.client.data(`mutation ($input: CreateDeckInput!) { createDeck(input: $input) { id } }`, {
      input: { campaignId: table.campaignId, name: 'Open deck', preset: 'standard-52' },
    });
    this.openDecks.set(table.campaignId, createDeck.id);
    return createDeck.id;
  }

  /** Draws one card of `deckId` into a character's hand; its id. */
  async cardInHand(table: Table, characterId: string, deckId = table.deckId): Promise<string> {
    await this.enoughCardsToReveal(table, deckId);
    const { drawCards } = await table.gm.client.data(DRAW, { input: { deckId, override: true, count: 1, to: 'HAND', characterId } });
    return drawCards.cards[0].id;
  }

  /** An ITEM card of the Adventure Deck in a character's hand (other cards drawn on the way are discarded). */
  itemInHand(table: Table, characterId: string): Promise<string> {
    return this.cardOfTypeInHand(table, characterId, 'ITEM');
  }

  /** A card of the given type in a character's hand, drawn from the campaign's deck (other cards drawn on the way are discarded). */
  async cardOfTypeInHand(table: Table, characterId: string, type: string): Promise<string> {
    // One the hand holds already (drawn for an attempt that was refused) serves again: the deck has few of a type.
    const [deck] = await this.db.query('SELECT cards, hands FROM decks WHERE id = $1', [table.deckId]);
    const held = new Set<string>((deck.hands as Record<string, string[]>)[characterId] ?? []);
    const inHand = (deck.cards as Array<{ id: string; type?: string }>).find((card) => card.type === type && held.has(card.id));
    if (inHand) return inHand.id;
    for (let attempt = 0; attempt < 100; attempt++) {
      await this.enoughCardsToReveal(table);
      const { drawCards } = await table.gm.client.data(DRAW, { input: { deckId: table.deckId, override: true, count: 1, to: 'HAND', characterId } });
      const [card] = drawCards.cards;
      if (card.type === type) return card.id;
      await table.gm.client.data(MOVE, { input: { deckId: table.deckId, override: true, cardIds: [card.id], to: 'DISCARD' } });
    }
    throw new Error(`no ${type} card came up in 100 draws`);
  }

  /** Any card of the given type in the campaign's first deck, wherever it lies. */
  async anyCard(table: Table, type: string): Promise<string> {
    const [deck] = await this.db.query('SELECT cards FROM decks WHERE id = $1', [table.deckId]);
    const card = (deck.cards as Array<{ id: string; type?: string }>).find((candidate) => candidate.type === type);
    if (!card) throw new Error(`no ${type} card in the deck of ${table.ruleset}`);
    return card.id;
  }

  /** A card of the given type lying where a new adventurer may take it (draw pile, discard pile, table). */
  async availableCard(table: Table, type: string): Promise<string> {
    const [deck] = await this.db.query('SELECT cards, draw_pile, discard_pile, table_cards FROM decks WHERE id = $1', [table.deckId]);
    const free = new Set<string>([...deck.draw_pile, ...deck.discard_pile, ...deck.table_cards]);
    const card = (deck.cards as Array<{ id: string; type?: string }>).find((candidate) => candidate.type === type && free.has(candidate.id));
    if (!card) throw new Error(`no ${type} card is left to take in ${table.ruleset}`);
    return card.id;
  }

  /** A Tenth Realm character of Ada's (or an NPC), at the given stage of creation. */
  async tenthRealmCharacter(table: Table, stage: TenthRealmStage, memberId: string | null = table.ada.memberId): Promise<string> {
    const gm = table.gm.client;
    await this.enoughCardsToReveal(table);
    const created = await gm.data(TR_CREATE, { input: { campaignId: table.campaignId, name: 'Matrix draft', ...(memberId ? { memberId } : {}) } });
    const characterId: string = created.tenthRealmCreateCharacter.character.id;
    if (stage === 'draft') return characterId;
    await gm.data(TR_VANORI, { input: { characterId, vanori: 'OX' } });
    if (stage === 'vanori') return characterId;
    await gm.data(TR_FINISH, { input: { characterId, weaponName: 'Spear' } });
    return characterId;
  }

  /**
   * Puts the cards held in hands back under the draw pile (the GM's override) when too few are
   * left to reveal a new character's attributes or deal from `deckId`: the fuzz fills hands as it goes.
   */
  async enoughCardsToReveal(table: Table, deckId = table.deckId): Promise<void> {
    const [deck] = await this.db.query('SELECT draw_pile, discard_pile, hands FROM decks WHERE id = $1', [deckId]);
    if (deck.draw_pile.length + deck.discard_pile.length >= 16) return;
    const held = Object.values(deck.hands as Record<string, string[]>).flat();
    if (held.length > 0) await table.gm.client.data(MOVE, { input: { deckId, override: true, cardIds: held, to: 'DRAW_PILE_BOTTOM' } });
  }

  /** Marks XP with setbacks (impossible DRs) until the track is full. */
  async fullXp(table: Table, characterId: string): Promise<void> {
    for (let attempt = 0; attempt < 30; attempt++) {
      const roll = await table.gm.client.data(TR_TRIAL, { input: { characterId, attribute: 'STRENGTH', dr: 100 } });
      if (roll.tenthRealmTrialRoll.character.tenthRealm.xp >= 8) return;
    }
    throw new Error('the XP track did not fill in 30 setbacks');
  }

  /** Ends the combat under way, if any, and starts a new one: its id. */
  async freshCombat(table: Table, characterIds: string[]): Promise<string> {
    const { campaign } = await table.gm.client.data(`query ($id: ID!) { campaign(id: $id) { tenthRealm { activeEncounterId } } }`, { id: table.campaignId });
    const active = campaign.tenthRealm.activeEncounterId;
    if (active) await table.gm.client.data(TR_END_COMBAT, { input: { encounterId: active, outcome: 'PLAYERS_WITHDREW' } });
    const started = await table.gm.client.data(TR_START_COMBAT, {
      input: { campaignId: table.campaignId, characterIds, enemies: [{ name: 'Draugr', resilience: 50, armorDie: 4, weaponDie: 8 }] },
    });
    return started.tenthRealmStartCombat.encounter.id;
  }

  /** Ends the combat under way, if any. */
  async endActiveCombat(table: Table): Promise<void> {
    const { campaign } = await table.gm.client.data(`query ($id: ID!) { campaign(id: $id) { tenthRealm { activeEncounterId } } }`, { id: table.campaignId });
    const active = campaign.tenthRealm.activeEncounterId;
    if (active) await table.gm.client.data(TR_END_COMBAT, { input: { encounterId: active, outcome: 'PLAYERS_WITHDREW' } });
  }

  /** A new Enchanted Realms adventurer (Ada's by default; an NPC with null). */
  async adventurer(table: Table, memberId: string | null = table.ada.memberId, caller = table.gm.client): Promise<string> {
    const heroCardId = await this.availableCard(table, 'HERO');
    const creatureCardId = await this.availableCard(table, 'CREATURE');
    const created = await caller.data(ER_CREATE, {
      input: { campaignId: table.campaignId, name: 'Matrix adventurer', heroCardId, creatureCardId, ...(memberId ? { memberId } : {}) },
    });
    return created.enchantedRealmsCreateCharacter.character.id;
  }

  /**
   * Plays the other racers' turns as the GM (a pending challenge resolved, a rest, the end of the
   * turn) until it is `characterId`'s turn, with nothing done in it yet.
   */
  async yummellTurnOf(table: Table, characterId: string): Promise<void> {
    const gm = table.gm.client;
    for (let step = 0; step < 1000; step++) {
      const { yummell } = (await gm.data(YM_RACE, { id: table.campaignId })).campaign;
      if (yummell.finishOrder.includes(characterId)) throw new Error(`racer ${characterId} has already arrived`);
      if (yummell.pendingChallenge) {
        const fighter: string = yummell.pendingChallenge.characterId;
        const [card] = await this.yummellHand(table, fighter);
        await gm.data(YM_RESOLVE, { input: { characterId: fighter, cardId: card?.id ?? null } });
        continue;
      }
      const current: string | null = yummell.currentCharacterId;
      if (current === null) throw new Error('every racer has arrived');
      if (current === characterId && yummell.turn.action === 'NONE') return;
      if (yummell.turn.action === 'NONE') await gm.data(YM_REST, { input: { characterId: current } });
      await gm.data(YM_END_TURN, { input: { characterId: current } });
    }
    throw new Error(`racer ${characterId}'s turn did not come in 1000 steps`);
  }

  /** A racer's hand as the GM sees it, highest value first. */
  async yummellHand(table: Table, characterId: string): Promise<Array<{ id: string; value: number }>> {
    const { character } = await table.gm.client.data(YM_HAND, { id: characterId });
    return [...character.yummell.hand].sort((a: { value: number }, b: { value: number }) => b.value - a.value);
  }

  /**
   * The highest card of a racer's hand. A hand the tests emptied (the fuzz deals the deck into
   * many hands; moveCards returns hands under the pile) first gets one, as the GM's override.
   */
  async yummellCardInHand(table: Table, characterId: string): Promise<string> {
    const [best] = await this.yummellHand(table, characterId);
    if (best) return best.id;
    const [deck] = await this.db.query('SELECT draw_pile, discard_pile, hands FROM decks WHERE id = $1', [table.deckId]);
    if (deck.draw_pile.length + deck.discard_pile.length > 0) {
      await table.gm.client.data(DRAW, { input: { deckId: table.deckId, override: true, count: 1, to: 'HAND', characterId } });
    } else {
      const held = Object.values(deck.hands as Record<string, string[]>).flat();
      await table.gm.client.data(MOVE, { input: { deckId: table.deckId, override: true, cardIds: [held[0]], to: 'HAND', characterId } });
    }
    return (await this.yummellHand(table, characterId))[0].id;
  }

  /** Puts a card of the given type on top of the Yummell draw pile (the GM's override): the next encounter. */
  async yummellOnTop(table: Table, type: string, except: string): Promise<void> {
    const [deck] = await this.db.query('SELECT cards, draw_pile, discard_pile, hands FROM decks WHERE id = $1', [table.deckId]);
    const isType = new Set((deck.cards as Array<{ id: string; type: string }>).filter((card) => card.type === type).map((card) => card.id));
    const inPile = (deck.draw_pile as string[]).findIndex((id) => isType.has(id));
    if (inPile === 0) return;
    if (inPile > 0) {
      // Lift the cards above it onto the table, and put them under the pile.
      const { drawCards } = await table.gm.client.data(DRAW, { input: { deckId: table.deckId, override: true, count: inPile, to: 'TABLE' } });
      const lifted = drawCards.cards.map((card: { id: string }) => card.id);
      await table.gm.client.data(MOVE, { input: { deckId: table.deckId, override: true, cardIds: lifted, to: 'DRAW_PILE_BOTTOM' } });
      return;
    }
    const elsewhere = [...(deck.discard_pile as string[]), ...Object.entries(deck.hands as Record<string, string[]>).flatMap(([holder, ids]) => (holder === except ? [] : ids))];
    const cardId = elsewhere.find((id) => isType.has(id));
    if (!cardId) throw new Error(`no ${type} card of the Yummell deck can be put on top`);
    await table.gm.client.data(MOVE, { input: { deckId: table.deckId, override: true, cardIds: [cardId], to: 'DRAW_PILE_TOP' } });
  }

  /** Ada's racer, moved by the GM on its turn (a card of its hand): whether a Creature now waits for it. */
  async yummellMoveFor(table: Table, characterId: string, encounter: string): Promise<boolean> {
    await this.yummellTurnOf(table, characterId);
    const cardId = await this.yummellCardInHand(table, characterId);
    await this.yummellOnTop(table, encounter, characterId);
    const { yummellMove } = await table.gm.client.data(YM_MOVE, { input: { characterId, cardId } });
    return yummellMove.challengePending;
  }

  /** A Creature waiting for the racer to fight it: the GM moves it onto one (retried on a turn it could not advance). */
  async yummellChallenge(table: Table, characterId: string): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      if (await this.yummellMoveFor(table, characterId, 'CREATURE')) return;
    }
    throw new Error('no challenge came in 20 moves');
  }
}

async function openTable(
  url: string,
  admin: ArbiterClient,
  db: DbChecks,
  ruleset: string,
  name: string,
  settings: Record<string, unknown> | undefined,
  recorder?: Recorder,
): Promise<Table> {
  // Yummell races on a long track (and with the deck the caller gives, if any).
  const given = ruleset === 'yummell' ? { board: YUMMELL_TRACK, ...settings } : settings;
  const created = (await admin.data(CREATE_CAMPAIGN, { input: { name, ruleset, gmName: 'Morgan', ...(given ? { settings: given } : {}) } })).createCampaign;
  const campaignId: string = created.campaign.id;
  const gm: Member = {
    memberId: created.gm.id,
    key: created.gmKey,
    client: new ArbiterClient(url, created.gmKey, { kind: 'member', role: 'GM', campaignId, memberId: created.gm.id }, recorder),
  };
  const player = async (playerName: string): Promise<Member> => {
    const added = (await gm.client.data(ADD_MEMBER, { input: { campaignId, name: playerName, role: 'PLAYER' } })).addMember;
    const viewer: Viewer = { kind: 'member', role: 'PLAYER', campaignId, memberId: added.member.id };
    return { memberId: added.member.id, key: added.apiKey, client: new ArbiterClient(url, added.apiKey, viewer, recorder) };
  };
  const ada = await player('Ada');
  const bo = await player('Bo');
  const character = async (client: ArbiterClient, characterName: string) =>
    (await client.data(CREATE_CHARACTER, { input: { campaignId, name: characterName } })).createCharacter.id as string;
  const adaCharacterId = await character(ada.client, "Ada's hero");
  const boCharacterId = await character(bo.client, "Bo's hero");
  const npcCharacterId = await character(gm.client, 'The innkeeper');

  const { campaign } = await gm.client.data(`query ($id: ID!) { campaign(id: $id) { decks { id } } }`, { id: campaignId });
  const deckId: string = campaign.decks[0]?.id ?? (await gm.client.data(CREATE_DECK, { input: { campaignId, name: 'Deck', preset: 'standard-52' } })).createDeck.id;

  const table: Table = { ruleset, campaignId, gm, ada, bo, adaCharacterId, boCharacterId, npcCharacterId, deckId };
  for (const [holder, count] of [[adaCharacterId, 2], [boCharacterId, 2], [npcCharacterId, 1]] as const) {
    await gm.client.data(DRAW, { input: { deckId, override: true, count, to: 'HAND', characterId: holder } });
  }

  // The setup helpers, bound to this table while it is set up.
  const helpers = new World(url, db, [table], table, recorder);
  if (ruleset === 'tenth-realm') {
    const own = async (member: Member, characterName: string) => {
      const created = await member.client.data(TR_CREATE, { input: { campaignId, name: characterName } });
      const id: string = created.tenthRealmCreateCharacter.character.id;
      await member.client.data(TR_VANORI, { input: { characterId: id, vanori: 'OX' } });
      await member.client.data(TR_FINISH, { input: { characterId: id, weaponName: 'Axe' } });
      return id;
    };
    const adaTr = await own(ada, 'Sigrun');
    const boTr = await own(bo, 'Brand');
    await helpers.cardInHand(table, adaTr);
    await helpers.cardInHand(table, boTr);
    const start = await gm.client.data(`mutation ($input: TenthRealmCampaignInput!) { tenthRealmRollStartingRegion(input: $input) { d20 } }`, {
      input: { campaignId },
    });
    const hex = String(start.tenthRealmRollStartingRegion.d20);
    await gm.client.data(`mutation ($input: TenthRealmEnterRegionInput!) { tenthRealmEnterRegion(input: $input) { eventSeq } }`, {
      input: { campaignId, hex, notes: 'a fjord under black cliffs' },
    });
    const encounterId = await helpers.freshCombat(table, [adaTr, boTr]);
    table.tenthRealm = { adaCharacterId: adaTr, boCharacterId: boTr, hex, encounterId };
  }
  if (ruleset === 'enchanted-realms-cards') {
    table.enchantedRealms = {
      adaCharacterId: await helpers.adventurer(table, ada.memberId, ada.client),
      boCharacterId: await helpers.adventurer(table, bo.memberId, bo.client),
      npcCharacterId: await helpers.adventurer(table, null),
    };
    await gm.client.data(`mutation ($input: EnchantedRealmsReconcileInput!) { enchantedRealmsReconcile(input: $input) { eventSeq } }`, {
      input: { campaignId },
    });
  }
  if (ruleset === 'yummell') {
    const racer = async (memberId: string, racerName: string, abilities: string[]) =>
      (
        await gm.client.data(YM_CREATE, {
          input: { campaignId, name: racerName, memberId, characteristics: YUMMELL_CHARACTERISTICS, abilities, advantages: [HEROISM] },
        })
      ).yummellCreateCharacter.character.id as string;
    table.yummell = { adaCharacterId: await racer(ada.memberId, 'Fulmergh', ['CLEPTOMANIA']), boCharacterId: await racer(bo.memberId, 'Grimla', []) };
  }
  if (ruleset === 'enchanted-realms-d20') {
    const combatant = async (input: Record<string, unknown>) =>
      (await gm.client.data(D20_CREATE, { input: { campaignId, defense: 12, armorWorn: true, skills: ['MELEE_TRAINING', 'STYLE_SLASHING'], ...input } }))
        .enchantedRealmsD20CreateCombatant.combatant.id as string;
    const adaCombatantId = await combatant({ characterId: adaCharacterId, name: 'Ana' });
    const foeCombatantId = await combatant({ name: 'Orc', immunities: ['FEAR'] });
    const started = await gm.client.data(D20_START, { input: { campaignId, combatantIds: [adaCombatantId, foeCombatantId] } });
    table.enchantedRealmsD20 = { adaCombatantId, foeCombatantId, encounterId: started.enchantedRealmsD20StartCombat.combat.id };
  }
  return table;
}
