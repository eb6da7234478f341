import { HEROISM, YUMMELL_CHARACTERISTICS, type Role, type Table, type World } from './world.js';

/** One try of an operation: by a role, about one prepared campaign. */
export interface Attempt {
  world: World;
  table: Table;
  role: Role;
}

/** How to make a valid request of an operation. */
export interface RequestSpec {
  /** The prepared campaigns it is tried in: every one of them, or the one playing a ruleset. */
  scope: 'every' | string;
  /**
   * The variables of one attempt. Whatever the attempt needs to succeed when the role is allowed
   * (a fresh character, a card in hand, a combat under way) is set up first, as the GM, so that a
   * refusal can only come from access checks (or from a rule, which the matrix reports).
   */
  variables(attempt: Attempt): Promise<Record<string, unknown>>;
}

const TENTH_REALM = 'tenth-realm';
const ENCHANTED_REALMS = 'enchanted-realms-cards';
const YTTERDORREN = 'ytterdorren';
const YUMMELL = 'yummell';
const D20 = 'enchanted-realms-d20';

const tr = (table: Table) => {
  if (!table.tenthRealm) throw new Error(`${table.ruleset} has no Tenth Realm state`);
  return table.tenthRealm;
};
const er = (table: Table) => {
  if (!table.enchantedRealms) throw new Error(`${table.ruleset} has no Enchanted Realms state`);
  return table.enchantedRealms;
};
/** The Lead Player calls for a Draw of Ada's adventurer: its seq, which her Draw answers. */
async function calledDraw(table: Table): Promise<number> {
  const { enchantedRealmsCallDraw } = await table.gm.client.data(
    `mutation ($input: EnchantedRealmsCallDrawInput!) { enchantedRealmsCallDraw(input: $input) { eventSeq } }`,
    { input: { campaignId: table.campaignId, actorId: er(table).adaCharacterId, action: 'ATTACK', challengeNumber: 5 } },
  );
  return enchantedRealmsCallDraw.eventSeq;
}

/** A challenge Ada's adventurer overcame (a Challenge Number any Draw meets, worth Force 9): its Draw's seq, which a reward names. */
async function overcomeChallenge(table: Table): Promise<number> {
  const { enchantedRealmsDraw } = await table.gm.client.data(
    `mutation ($input: EnchantedRealmsDrawInput!) { enchantedRealmsDraw(input: $input) { eventSeq } }`,
    { input: { campaignId: table.campaignId, actorId: er(table).adaCharacterId, action: 'ATTACK', challengeNumber: -100, challengeForce: 9 } },
  );
  return enchantedRealmsDraw.eventSeq;
}

/**
 * A WORLD card the Lead Player may lay (in the draw or discard pile, or the Lead Player's hand)
 * and a SUPPORT card to put under it, when one lies free; a WORLD card already on the table when
 * none is left to lay.
 */
async function worldToLay(world: World, table: Table): Promise<{ worldCardId: string; supportCardIds: string[] }> {
  const [deck] = await world.db.query('SELECT cards, draw_pile, discard_pile, table_cards, hands FROM decks WHERE id = $1', [table.deckId]);
  const free = new Set<string>([...deck.draw_pile, ...deck.discard_pile, ...((deck.hands as Record<string, string[]>).lead ?? [])]);
  const cards = deck.cards as Array<{ id: string; type?: string }>;
  const support = cards.find((card) => card.type === 'SUPPORT' && (free.has(card.id) || deck.table_cards.includes(card.id)));
  const laid = cards.find((card) => card.type === 'WORLD' && deck.table_cards.includes(card.id));
  const worldCard = cards.find((card) => card.type === 'WORLD' && free.has(card.id)) ?? laid;
  if (!worldCard) throw new Error(`no WORLD card to lay in ${table.ruleset}`);
  return { worldCardId: worldCard.id, supportCardIds: support ? [support.id] : [] };
}

/** A WORLD card on the table, laid by the GM first (with a SUPPORT card under it when one lies free). */
async function laidWorld(world: World, table: Table): Promise<string> {
  const lay = await worldToLay(world, table);
  const answer = await table.gm.client.request(
    `mutation ($input: EnchantedRealmsLayWorldInput!) { enchantedRealmsLayWorld(input: $input) { worldCard { id } } }`,
    { input: { campaignId: table.campaignId, ...lay } },
  );
  return answer.body.data?.enchantedRealmsLayWorld?.worldCard.id ?? lay.worldCardId;
}

const ym = (table: Table) => {
  if (!table.yummell) throw new Error(`${table.ruleset} has no Yummell race`);
  return table.yummell;
};

/** The GM gives a character rated gear (tenthRealmGainGear). */
const GAIN_GEAR = `mutation ($input: TenthRealmGainGearInput!) { tenthRealmGainGear(input: $input) { eventSeq } }`;

/** A request about a fresh, ACTIVE Tenth Realm character of Ada's. */
const onActiveCharacter =
  (extra: (characterId: string, attempt: Attempt) => Promise<Record<string, unknown>> | Record<string, unknown> = () => ({})) =>
  async (attempt: Attempt) => {
    const characterId = await attempt.world.tenthRealmCharacter(attempt.table, 'active');
    return { input: { characterId, ...(await extra(characterId, attempt)) } };
  };

/** The GM's call for a trial of the character (tenthRealmCallTrial): the id a player's roll answers. */
async function trCall(table: Table, characterId: string, call: Record<string, unknown> = { attribute: 'STRENGTH', dr: 9 }): Promise<string> {
  const called = await table.gm.client.data(`mutation ($input: TenthRealmCallTrialInput!) { tenthRealmCallTrial(input: $input) { call { id } } }`, {
    input: { characterId, ...call },
  });
  return called.tenthRealmCallTrial.call.id;
}

/** A request about Ada's character in a combat that starts afresh, answering the GM's call. */
const inFreshCombat = (call: Record<string, unknown>) => async ({ world, table }: Attempt) => {
  const characterId = await world.tenthRealmCharacter(table, 'active');
  const encounterId = await world.freshCombat(table, [characterId]);
  return { input: { encounterId, characterId, enemyId: 'e1', callId: await trCall(table, characterId, call) } };
};

const YT = {
  create: `mutation ($input: YtterdorrenCreateCharacterInput!) { ytterdorrenCreateCharacter(input: $input) { character { id } } }`,
  gainItem: `mutation ($input: YtterdorrenItemInput!) { ytterdorrenGainItem(input: $input) { eventSeq } }`,
  startSkirmish: `mutation ($input: YtterdorrenStartSkirmishInput!) { ytterdorrenStartSkirmish(input: $input) { skirmish { id } } }`,
  stance: `mutation ($input: YtterdorrenChooseStanceInput!) { ytterdorrenChooseStance(input: $input) { eventSeq } }`,
  startEncounter: `mutation ($input: YtterdorrenStartEncounterInput!) { ytterdorrenStartEncounter(input: $input) { encounter { id } } }`,
};

/** A fresh Ytterdörren character of Ada's (or another member's), made by the GM, who vouches for its numbers; with items. */
async function ytterdorrenHero({ table }: Attempt, options: { memberId?: string; items?: string[] } = {}): Promise<string> {
  const gm = table.gm.client;
  const created = await gm.data(YT.create, { input: { campaignId: table.campaignId, name: 'Matrix hero', memberId: options.memberId ?? table.ada.memberId, vita: 8, defense: 50, might: 10 } });
  const characterId: string = created.ytterdorrenCreateCharacter.character.id;
  for (const item of options.items ?? []) await gm.data(YT.gainItem, { input: { characterId, item } });
  return characterId;
}

/** A skirmish of a fresh character of Ada's against a Grave Wolf (its stance chosen by the GM when `ready`): its id and the character. */
async function ytterdorrenSkirmish(attempt: Attempt, ready = false): Promise<{ skirmishId: string; characterId: string }> {
  const characterId = await ytterdorrenHero(attempt);
  const gm = attempt.table.gm.client;
  const started = await gm.data(YT.startSkirmish, { input: { campaignId: attempt.table.campaignId, characterIds: [characterId], creatureIds: ['grave-wolf'] } });
  const skirmishId: string = started.ytterdorrenStartSkirmish.skirmish.id;
  if (ready) await gm.data(YT.stance, { input: { skirmishId, characterId, stance: 'ATTACK' } });
  return { skirmishId, characterId };
}

/** An encounter of a fresh character of Ada's against a Grave Wolf (foe `f1`): its id and the character. */
async function ytterdorrenEncounter(attempt: Attempt): Promise<{ encounterId: string; characterId: string }> {
  const characterId = await ytterdorrenHero(attempt);
  const started = await attempt.table.gm.client.data(YT.startEncounter, {
    input: { campaignId: attempt.table.campaignId, characterIds: [characterId], foes: [{ creatureId: 'grave-wolf', difficulty: 'NORMAL' }] },
  });
  return { encounterId: started.ytterdorrenStartEncounter.encounter.id, characterId };
}

/** A creature card of the campaign's own, in the shape of the `creatures` setting. */
const MATRIX_RAT = {
  id: 'matrix-rat',
  name: 'Matrix Rat',
  skirmish: { strength: { 1: '1d4', 2: '1d6' }, defense: 20, attackModifier: 0, reward: { coins: 1, lore: 0, text: 'a tail' } },
  encounter: {
    vita: { 1: 2, 2: 3 },
    might: { NORMAL: 0 },
    combatType: 'MELEE',
    defense: 20,
    stride: 6,
    awards: { lore: 0, coins: 1 },
    specialPower: 'Swarm',
    powers: Array.from({ length: 10 }, (_, face) => `nibble ${face}`),
    type: 'Beast',
  },
};

const D20_CHARACTER = `mutation ($input: CreateCharacterInput!) { createCharacter(input: $input) { id } }`;
const D20_CREATE = `mutation ($input: EnchantedRealmsD20CreateCombatantInput!) { enchantedRealmsD20CreateCombatant(input: $input) { combatant { id } } }`;
const D20_START = `mutation ($input: EnchantedRealmsD20StartCombatInput!) { enchantedRealmsD20StartCombat(input: $input) { combat { id } } }`;
const D20_SKILLS = ['MELEE_TRAINING', 'STYLE_SLASHING'];
/** A foe's pool of 5: with advantage, 6 dice, so that crits come often. */
const D20_FOE_SKILLS = ['MELEE_TRAINING', 'STYLE_CLEAVING', 'WEAPON_FORTE', 'CHARGING', 'MASSIVE_BLOW'];
const D20_ATTACK = `mutation ($input: EnchantedRealmsD20AttackInput!) { enchantedRealmsD20Attack(input: $input) { target { conditions { name } } } }`;
/** The treatment that ends each condition a treatment can end (recovery.ts, CURES). */
const D20_CURES: Record<string, Record<string, string>> = {
  BLEEDING: { treatment: 'BANDAGE' },
  GARB_ISSUE: { treatment: 'CORRECT' },
  WARDROBE_MALFUNCTION: { treatment: 'REPAIR' },
  MARKED: { treatment: 'TREATMENT_SPELL', spellStrength: 'MODERATE' },
};

/** A fresh d20 combatant, out of any combat: Ada's (fighting as a new character of hers) or a foe of the GM's. */
async function d20Combatant(table: Table, whose: 'ada' | 'foe'): Promise<string> {
  const gm = table.gm.client;
  const characterId =
    whose === 'ada' ? (await gm.data(D20_CHARACTER, { input: { campaignId: table.campaignId, name: 'Matrix fighter', memberId: table.ada.memberId } })).createCharacter.id : undefined;
  const input = { campaignId: table.campaignId, characterId, name: whose === 'ada' ? 'Matrix Ana' : 'Matrix orc', defense: 12, armorWorn: true, armorValue: 100, skills: whose === 'ada' ? D20_SKILLS : D20_FOE_SKILLS };
  return (await gm.data(D20_CREATE, { input })).enchantedRealmsD20CreateCombatant.combatant.id;
}

/**
 * A fresh combatant of Ada's with a condition a treatment ends, and that treatment. Conditions
 * come from crits, which the campaign's stream decides: a foe with a pool of 6 attacks until one
 * lands (about 1 attack in 30).
 */
async function d20Treatable(table: Table): Promise<Record<string, string>> {
  const combatantId = await d20Combatant(table, 'ada');
  const foe = await d20Combatant(table, 'foe');
  for (let attempt = 0; attempt < 1000; attempt++) {
    const swing = { attackerId: foe, targetId: combatantId, kind: 'MELEE', skills: D20_FOE_SKILLS, advantage: true, damagePerHit: 0 };
    const { enchantedRealmsD20Attack } = await table.gm.client.data(D20_ATTACK, { input: swing });
    const condition = (enchantedRealmsD20Attack.target.conditions as Array<{ name: string }>).find((each) => each.name in D20_CURES);
    if (condition) return { combatantId, condition: condition.name, ...D20_CURES[condition.name] };
  }
  throw new Error('no crit left a treatable condition in 1000 attacks');
}

/** A fresh d20 combat under way: a new combatant of Ada's against a new foe. */
async function d20Combat(table: Table): Promise<string> {
  const combatantIds = [await d20Combatant(table, 'ada'), await d20Combatant(table, 'foe')];
  return (await table.gm.client.data(D20_START, { input: { campaignId: table.campaignId, combatantIds } })).enchantedRealmsD20StartCombat.combat.id;
}

/** How many members the requests have added: each gets a name of its own. */
let membersAdded = 0;

/**
 * A valid request of every operation of the schema, by name. The access matrix fails for an
 * operation of the schema that is missing here, so every new operation gets one.
 */
export const REQUESTS: Record<string, RequestSpec> = {
  // ---- queries ------------------------------------------------------------------------------
  me: { scope: 'every', variables: async () => ({}) },
  campaigns: { scope: 'every', variables: async () => ({}) },
  rulesets: { scope: 'every', variables: async () => ({}) },
  cardPreset: { scope: 'every', variables: async () => ({ id: 'standard-52' }) },
  rollOdds: { scope: 'every', variables: async () => ({ expression: '4d6kh3', atLeast: 12 }) },
  campaign: { scope: 'every', variables: async ({ table }) => ({ id: table.campaignId }) },
  character: { scope: 'every', variables: async ({ table }) => ({ id: table.adaCharacterId }) },
  deck: { scope: 'every', variables: async ({ table }) => ({ id: table.deckId }) },
  events: { scope: 'every', variables: async ({ table }) => ({ campaignId: table.campaignId, afterSeq: 0, limit: 1000 }) },
  verifyEvents: { scope: 'every', variables: async ({ table }) => ({ campaignId: table.campaignId }) },
  encounter: { scope: TENTH_REALM, variables: async ({ table }) => ({ id: tr(table).encounterId }) },
  skirmish: { scope: YTTERDORREN, variables: async (attempt) => ({ id: (await ytterdorrenSkirmish(attempt)).skirmishId }) },
  ytterdorrenEncounter: { scope: YTTERDORREN, variables: async (attempt) => ({ id: (await ytterdorrenEncounter(attempt)).encounterId }) },
  enchantedRealmsD20Combat: { scope: D20, variables: async ({ table }) => ({ id: await d20Combat(table) }) },

  // ---- subscriptions ------------------------------------------------------------------------
  campaignEvents: { scope: 'every', variables: async ({ table }) => ({ campaignId: table.campaignId, afterSeq: 0 }) },

  // ---- the platform's mutations -------------------------------------------------------------
  createCampaign: { scope: 'every', variables: async ({ table }) => ({ input: { name: 'Matrix campaign', ruleset: table.ruleset } }) },
  // Members of a campaign have distinct names: each attempt adds another.
  addMember: { scope: 'every', variables: async ({ table }) => ({ input: { campaignId: table.campaignId, name: `Matrix member ${++membersAdded}`, role: 'PLAYER' } }) },
  createCharacter: {
    scope: 'every',
    variables: async ({ table }) => ({ input: { campaignId: table.campaignId, name: 'Matrix character', memberId: table.ada.memberId } }),
  },
  createDeck: { scope: 'every', variables: async ({ table }) => ({ input: { campaignId: table.campaignId, name: 'Matrix deck', preset: 'standard-52' } }) },
  shuffleDeck: { scope: 'every', variables: async ({ table }) => ({ input: { deckId: table.deckId, includeDiscard: true } }) },
  // A deck no ruleset owns: an owned deck (the Adventure Deck) is the GM's override alone (the test of owned decks).
  drawCards: {
    scope: 'every',
    variables: async ({ world, table }) => ({ input: { deckId: await world.openDeck(table), count: 1, to: 'HAND', characterId: table.adaCharacterId } }),
  },
  moveCards: {
    scope: 'every',
    variables: async ({ world, table }) => {
      const deckId = await world.openDeck(table);
      const cardId = await world.cardInHand(table, table.adaCharacterId, deckId);
      return { input: { deckId, cardIds: [cardId], to: 'DISCARD' } };
    },
  },
  endScene: { scope: 'every', variables: async ({ table }) => ({ input: { campaignId: table.campaignId } }) },
  rollDice: { scope: 'every', variables: async ({ table }) => ({ input: { campaignId: table.campaignId, expression: '2d6+1', label: 'matrix' } }) },
  rotateSeed: { scope: 'every', variables: async ({ table }) => ({ input: { campaignId: table.campaignId } }) },
  setClientSeed: { scope: 'every', variables: async ({ table }) => ({ input: { campaignId: table.campaignId, clientSeed: 'lucky 7' } }) },

  // ---- the Tenth Realm ----------------------------------------------------------------------
  tenthRealmCreateCharacter: {
    scope: TENTH_REALM,
    variables: async ({ table }) => ({ input: { campaignId: table.campaignId, name: 'Matrix draft', memberId: table.ada.memberId } }),
  },
  tenthRealmRedrawAttribute: {
    scope: TENTH_REALM,
    variables: async ({ world, table }) => ({ input: { characterId: await world.tenthRealmCharacter(table, 'draft'), attribute: 'STRENGTH' } }),
  },
  tenthRealmChooseVanori: {
    scope: TENTH_REALM,
    variables: async ({ world, table }) => ({ input: { characterId: await world.tenthRealmCharacter(table, 'draft'), vanori: 'OX' } }),
  },
  tenthRealmRerollResilience: {
    scope: TENTH_REALM,
    variables: async ({ world, table }) => ({ input: { characterId: await world.tenthRealmCharacter(table, 'vanori') } }),
  },
  tenthRealmFinishCharacter: {
    scope: TENTH_REALM,
    variables: async ({ world, table }) => ({ input: { characterId: await world.tenthRealmCharacter(table, 'vanori'), weaponName: 'Spear' } }),
  },
  tenthRealmRollStartingRegion: { scope: TENTH_REALM, variables: async ({ table }) => ({ input: { campaignId: table.campaignId } }) },
  tenthRealmEnterRegion: { scope: TENTH_REALM, variables: async ({ table }) => ({ input: { campaignId: table.campaignId, hex: tr(table).hex, notes: 'again' } }) },
  // Out to a neighbour and back: the group ends the day in the hex (and risk) the other requests use.
  tenthRealmTravel: { scope: TENTH_REALM, variables: async ({ table }) => ({ input: { campaignId: table.campaignId, mode: 'MOUNT', hexes: [`${tr(table).hex} east`, tr(table).hex] } }) },
  tenthRealmSetRiskRating: {
    scope: TENTH_REALM,
    variables: async ({ table }) => ({ input: { campaignId: table.campaignId, hex: tr(table).hex, riskRating: 2 } }),
  },
  tenthRealmTrialOdds: { scope: TENTH_REALM, variables: onActiveCharacter(() => ({ attribute: 'STRENGTH', dr: 9 })) },
  tenthRealmCallTrial: { scope: TENTH_REALM, variables: onActiveCharacter(() => ({ attribute: 'STRENGTH', dr: 9, drAdjustments: [{ amount: 1, reason: 'rain' }] })) },
  tenthRealmRevealRisk: { scope: TENTH_REALM, variables: onActiveCharacter(async (characterId, { table }) => ({ callId: await trCall(table, characterId) })) },
  tenthRealmTrialRoll: { scope: TENTH_REALM, variables: onActiveCharacter(async (characterId, { table }) => ({ callId: await trCall(table, characterId) })) },
  tenthRealmBurnCard: {
    scope: TENTH_REALM,
    variables: onActiveCharacter(async (characterId, { world, table }) => ({
      cardId: await world.cardInHand(table, characterId),
      effect: 'COME_PREPARED',
      item: 'Rope',
    })),
  },
  tenthRealmEndConjuring: {
    scope: TENTH_REALM,
    variables: onActiveCharacter(async (characterId, { world, table }) => {
      const cardId = await world.cardInHand(table, characterId);
      await table.gm.client.data(`mutation ($input: TenthRealmTrialRollInput!) { tenthRealmTrialRoll(input: $input) { eventSeq } }`, {
        input: { characterId, attribute: 'STRENGTH', dr: 9, burns: [{ characterId, cardId, effect: 'VANORI', amount: 1 }] },
      });
      return {};
    }),
  },
  tenthRealmRest: { scope: TENTH_REALM, variables: onActiveCharacter(() => ({ kind: 'SHORT' })) },
  tenthRealmResilienceCheck: {
    scope: TENTH_REALM,
    variables: onActiveCharacter(async (characterId, { table }) => {
      await table.gm.client.data(`mutation ($input: TenthRealmLoseResilienceInput!) { tenthRealmLoseResilience(input: $input) { eventSeq } }`, {
        input: { characterId, amount: 100 },
      });
      return { callId: await trCall(table, characterId, { attribute: 'WILLPOWER', dr: 12 }) };
    }),
  },
  tenthRealmLoseResilience: { scope: TENTH_REALM, variables: onActiveCharacter(() => ({ amount: 1 })) },
  tenthRealmTendWounds: {
    scope: TENTH_REALM,
    variables: onActiveCharacter(async (characterId, { table }) => {
      // Down to 0, then a resilience check at an impossible DR: incapacitated (unless a natural 20 saves it).
      await table.gm.client.data(`mutation ($input: TenthRealmLoseResilienceInput!) { tenthRealmLoseResilience(input: $input) { eventSeq } }`, {
        input: { characterId, amount: 100 },
      });
      await table.gm.client.data(`mutation ($input: TenthRealmResilienceCheckInput!) { tenthRealmResilienceCheck(input: $input) { eventSeq } }`, {
        input: { characterId, dr: 100 },
      });
      return { condition: 'Scarred' };
    }),
  },
  tenthRealmAddCondition: { scope: TENTH_REALM, variables: onActiveCharacter(() => ({ condition: 'Frightened' })) },
  tenthRealmClearCondition: {
    scope: TENTH_REALM,
    variables: onActiveCharacter(async (characterId, { table }) => {
      await table.gm.client.data(`mutation ($input: TenthRealmConditionInput!) { tenthRealmAddCondition(input: $input) { eventSeq } }`, {
        input: { characterId, condition: 'Frightened' },
      });
      return { condition: 'Frightened' };
    }),
  },
  tenthRealmGainItem: { scope: TENTH_REALM, variables: onActiveCharacter(() => ({ item: 'Rope' })) },
  tenthRealmDropItem: {
    scope: TENTH_REALM,
    variables: onActiveCharacter(async (characterId, { table }) => {
      await table.gm.client.data(`mutation ($input: TenthRealmItemInput!) { tenthRealmGainItem(input: $input) { eventSeq } }`, {
        input: { characterId, item: 'Rope' },
      });
      return { item: 'Rope' };
    }),
  },
  tenthRealmDamageGear: { scope: TENTH_REALM, variables: onActiveCharacter(() => ({ gear: 'ARMOR' })) },
  tenthRealmRepairGear: {
    scope: TENTH_REALM,
    variables: onActiveCharacter(async (characterId, { table }) => {
      await table.gm.client.data(`mutation ($input: TenthRealmGearInput!) { tenthRealmDamageGear(input: $input) { eventSeq } }`, {
        input: { characterId, gear: 'WEAPON' },
      });
      return { gear: 'WEAPON' };
    }),
  },
  tenthRealmGainGear: { scope: TENTH_REALM, variables: onActiveCharacter(() => ({ gear: 'WEAPON', name: 'Bow', die: 8 })) },
  tenthRealmEquipGear: {
    scope: TENTH_REALM,
    variables: onActiveCharacter(async (characterId, { table }) => {
      await table.gm.client.data(GAIN_GEAR, { input: { characterId, gear: 'WEAPON', name: 'Bow', die: 8 } });
      return { gear: 'WEAPON', name: 'Bow' };
    }),
  },
  tenthRealmDropGear: {
    scope: TENTH_REALM,
    variables: onActiveCharacter(async (characterId, { table }) => {
      await table.gm.client.data(GAIN_GEAR, { input: { characterId, gear: 'ARMOR', name: 'Mail', die: 6 } });
      return { gear: 'ARMOR', name: 'Mail' };
    }),
  },
  tenthRealmReaction: { scope: TENTH_REALM, variables: async ({ table }) => ({ input: { campaignId: table.campaignId } }) },
  tenthRealmOracle: {
    scope: TENTH_REALM,
    variables: async ({ table }) => ({ input: { campaignId: table.campaignId, question: 'Is the ferryman awake?', factors: 1 } }),
  },
  tenthRealmBlessing: {
    scope: TENTH_REALM,
    variables: onActiveCharacter(async (characterId, { world, table }) => {
      await world.fullXp(table, characterId);
      return {};
    }),
  },
  tenthRealmStartSession: { scope: TENTH_REALM, variables: async ({ table }) => ({ input: { campaignId: table.campaignId } }) },
  tenthRealmStartCombat: {
    scope: TENTH_REALM,
    variables: async ({ world, table }) => {
      const characterId = await world.tenthRealmCharacter(table, 'active');
      await world.endActiveCombat(table);
      return {
        input: { campaignId: table.campaignId, characterIds: [characterId], enemies: [{ name: 'Draugr', resilience: 6, armorDie: 4, weaponDie: 8 }] },
      };
    },
  },
  tenthRealmAttack: { scope: TENTH_REALM, variables: inFreshCombat({ attribute: 'STRENGTH' }) },
  tenthRealmDamageEnemyGear: {
    scope: TENTH_REALM,
    variables: async (attempt) => {
      const { input } = await inFreshCombat({ attribute: 'STRENGTH' })(attempt);
      return { input: { ...input, gear: 'WEAPON' } };
    },
  },
  tenthRealmDefend: { scope: TENTH_REALM, variables: inFreshCombat({ attribute: 'DEXTERITY' }) },
  tenthRealmWithdraw: {
    scope: TENTH_REALM,
    variables: async ({ world, table }) => {
      const characterId = await world.tenthRealmCharacter(table, 'active');
      return { input: { encounterId: await world.freshCombat(table, [characterId]), characterId } };
    },
  },
  tenthRealmMorale: {
    scope: TENTH_REALM,
    variables: async ({ world, table }) => {
      const characterId = await world.tenthRealmCharacter(table, 'active');
      return { input: { encounterId: await world.freshCombat(table, [characterId]) } };
    },
  },
  tenthRealmEndCombat: {
    scope: TENTH_REALM,
    variables: async ({ world, table }) => {
      const characterId = await world.tenthRealmCharacter(table, 'active');
      return { input: { encounterId: await world.freshCombat(table, [characterId]), outcome: 'PLAYERS_WITHDREW' } };
    },
  },

  // ---- Enchanted Realms (card edition) ------------------------------------------------------
  enchantedRealmsCreateCharacter: {
    scope: ENCHANTED_REALMS,
    variables: async ({ world, table }) => ({
      input: {
        campaignId: table.campaignId,
        name: 'Matrix adventurer',
        memberId: table.ada.memberId,
        heroCardId: await world.availableCard(table, 'HERO'),
        creatureCardId: await world.availableCard(table, 'CREATURE'),
      },
    }),
  },
  enchantedRealmsCallDraw: {
    scope: ENCHANTED_REALMS,
    variables: async ({ table }) => ({ input: { campaignId: table.campaignId, actorId: er(table).adaCharacterId, action: 'ATTACK', challengeNumber: 5 } }),
  },
  enchantedRealmsDrawOdds: {
    scope: ENCHANTED_REALMS,
    variables: async ({ table }) => ({ input: { campaignId: table.campaignId, actorId: er(table).adaCharacterId, action: 'ATTACK', challengeNumber: 5 } }),
  },
  // The Draw the Lead Player called for Ada's character, freshly called for each attempt.
  enchantedRealmsDraw: {
    scope: ENCHANTED_REALMS,
    variables: async ({ table }) => ({ input: { campaignId: table.campaignId, actorId: er(table).adaCharacterId, callSeq: await calledDraw(table) } }),
  },
  enchantedRealmsCountCreatures: {
    scope: ENCHANTED_REALMS,
    variables: async ({ world, table }) => ({ input: { campaignId: table.campaignId, creatureCardId: await world.anyCard(table, 'CREATURE'), draws: 3 } }),
  },
  enchantedRealmsAddFoes: {
    scope: ENCHANTED_REALMS,
    variables: async ({ world, table }) => ({ input: { campaignId: table.campaignId, creatureCardId: await world.anyCard(table, 'CREATURE'), count: 3 } }),
  },
  enchantedRealmsAward: {
    scope: ENCHANTED_REALMS,
    variables: async ({ world, table }) => {
      const characterId = er(table).adaCharacterId;
      const cardId = await world.itemInHand(table, characterId);
      return { input: { characterId, cardId, challengeSeq: await overcomeChallenge(table), acquiredDuringEncounter: true } };
    },
  },
  // A reward set aside for Ada's adventurer first, so that the quest has one to give.
  enchantedRealmsCompleteQuest: {
    scope: ENCHANTED_REALMS,
    variables: async ({ world, table }) => {
      const characterId = er(table).adaCharacterId;
      const cardId = await world.itemInHand(table, characterId);
      await table.gm.client.data(`mutation ($input: EnchantedRealmsAwardInput!) { enchantedRealmsAward(input: $input) { eventSeq } }`, {
        input: { characterId, cardId, challengeSeq: await overcomeChallenge(table), acquiredDuringEncounter: true, setAside: true },
      });
      return { input: { characterId } };
    },
  },
  enchantedRealmsBarter: {
    scope: ENCHANTED_REALMS,
    variables: async ({ world, table }) => {
      const from = er(table).adaCharacterId;
      const item = await world.itemInHand(table, from);
      return { input: { campaignId: table.campaignId, from, to: er(table).npcCharacterId, give: [item], take: [] } };
    },
  },
  enchantedRealmsReconcile: { scope: ENCHANTED_REALMS, variables: async ({ table }) => ({ input: { campaignId: table.campaignId } }) },
  enchantedRealmsLayWorld: {
    scope: ENCHANTED_REALMS,
    variables: async ({ world, table }) => ({ input: { campaignId: table.campaignId, ...(await worldToLay(world, table)) } }),
  },
  enchantedRealmsMoveToWorld: {
    scope: ENCHANTED_REALMS,
    variables: async ({ world, table }) => ({ input: { campaignId: table.campaignId, worldCardId: await laidWorld(world, table) } }),
  },

  // ---- Ytterdörren ---------------------------------------------------------------------------
  ytterdorrenCreateCharacter: {
    scope: YTTERDORREN,
    variables: async ({ table }) => ({ input: { campaignId: table.campaignId, name: 'Matrix hero', memberId: table.ada.memberId, vita: 8, defense: 50, might: 10 } }),
  },
  ytterdorrenLoadCreatures: { scope: YTTERDORREN, variables: async ({ table }) => ({ input: { campaignId: table.campaignId, creatures: [MATRIX_RAT] } }) },
  ytterdorrenDamageCharacter: { scope: YTTERDORREN, variables: async (attempt) => ({ input: { characterId: await ytterdorrenHero(attempt), amount: 1 } }) },
  ytterdorrenHealCharacter: { scope: YTTERDORREN, variables: async (attempt) => ({ input: { characterId: await ytterdorrenHero(attempt), amount: 1 } }) },
  ytterdorrenGainItem: { scope: YTTERDORREN, variables: async (attempt) => ({ input: { characterId: await ytterdorrenHero(attempt), item: 'Rope' } }) },
  ytterdorrenUseItem: {
    scope: YTTERDORREN,
    variables: async (attempt) => ({ input: { characterId: await ytterdorrenHero(attempt, { items: ['Healing draught'] }), item: 'Healing draught' } }),
  },
  ytterdorrenEquipWeapon: { scope: YTTERDORREN, variables: async (attempt) => ({ input: { characterId: await ytterdorrenHero(attempt, { items: ['Axe'] }), weapon: 'Axe' } }) },
  ytterdorrenTrade: {
    scope: YTTERDORREN,
    variables: async (attempt) => ({
      input: {
        fromCharacterId: await ytterdorrenHero(attempt, { items: ['Rope'] }),
        toCharacterId: await ytterdorrenHero(attempt, { memberId: attempt.table.bo.memberId }),
        items: ['Rope'],
      },
    }),
  },
  ytterdorrenStartSkirmish: {
    scope: YTTERDORREN,
    variables: async (attempt) => ({ input: { campaignId: attempt.table.campaignId, characterIds: [await ytterdorrenHero(attempt)], creatureIds: ['grave-wolf'] } }),
  },
  ytterdorrenChooseStance: {
    scope: YTTERDORREN,
    variables: async (attempt) => {
      const { skirmishId, characterId } = await ytterdorrenSkirmish(attempt);
      return { input: { skirmishId, characterId, stance: 'DEFEND' } };
    },
  },
  ytterdorrenSkirmishOdds: { scope: YTTERDORREN, variables: async (attempt) => ({ input: { skirmishId: (await ytterdorrenSkirmish(attempt)).skirmishId } }) },
  ytterdorrenResolveRound: { scope: YTTERDORREN, variables: async (attempt) => ({ input: { skirmishId: (await ytterdorrenSkirmish(attempt, true)).skirmishId } }) },
  ytterdorrenStartEncounter: {
    scope: YTTERDORREN,
    variables: async (attempt) => ({
      input: { campaignId: attempt.table.campaignId, characterIds: [await ytterdorrenHero(attempt)], foes: [{ creatureId: 'grave-wolf', difficulty: 'NORMAL' }] },
    }),
  },
  ytterdorrenFoeAttack: {
    scope: YTTERDORREN,
    variables: async (attempt) => {
      const { encounterId, characterId } = await ytterdorrenEncounter(attempt);
      return { input: { encounterId, foeId: 'f1', targetCharacterId: characterId } };
    },
  },
  ytterdorrenCharacterAttack: {
    scope: YTTERDORREN,
    variables: async (attempt) => {
      const { encounterId, characterId } = await ytterdorrenEncounter(attempt);
      return { input: { encounterId, characterId, foeId: 'f1' } };
    },
  },
  ytterdorrenDamageFoe: { scope: YTTERDORREN, variables: async (attempt) => ({ input: { encounterId: (await ytterdorrenEncounter(attempt)).encounterId, foeId: 'f1', amount: 2 } }) },
  ytterdorrenEndEncounter: { scope: YTTERDORREN, variables: async (attempt) => ({ input: { encounterId: (await ytterdorrenEncounter(attempt)).encounterId } }) },
  // ---- Yummell -------------------------------------------------------------------------------
  // Only the current character acts: each request first plays the race on (as the GM) to Ada's racer's turn.
  yummellPresets: { scope: YUMMELL, variables: async () => ({}) },
  // Refused by the rules once racers joined (RACE_UNDER_WAY), after the access checks.
  yummellSetUp: { scope: YUMMELL, variables: async ({ table }) => ({ input: { campaignId: table.campaignId, boardPreset: 'yummell-example-board' } }) },
  yummellCreateCharacter: {
    scope: YUMMELL,
    variables: async ({ table }) => ({
      input: { campaignId: table.campaignId, name: 'Matrix racer', memberId: table.ada.memberId, characteristics: YUMMELL_CHARACTERISTICS, abilities: ['CLEPTOMANIA'], advantages: [HEROISM] },
    }),
  },
  yummellMove: {
    scope: YUMMELL,
    variables: async ({ world, table }) => {
      const characterId = ym(table).adaCharacterId;
      await world.yummellTurnOf(table, characterId);
      return { input: { characterId, cardId: await world.yummellCardInHand(table, characterId) } };
    },
  },
  yummellResolveChallenge: {
    scope: YUMMELL,
    variables: async ({ world, table }) => {
      const characterId = ym(table).adaCharacterId;
      await world.yummellChallenge(table, characterId);
      const [card] = await world.yummellHand(table, characterId);
      return { input: { characterId, cardId: card?.id ?? null, advantages: ['Heroism'] } };
    },
  },
  yummellChallengeOdds: {
    scope: YUMMELL,
    variables: async ({ world, table }) => {
      const characterId = ym(table).adaCharacterId;
      // A read leaves the challenge pending: asked again and again, it must not move the racer on to the finish.
      const { campaign } = await table.gm.client.data(`query ($id: ID!) { campaign(id: $id) { yummell { pendingChallenge { characterId } } } }`, { id: table.campaignId });
      if (campaign.yummell.pendingChallenge?.characterId !== characterId) await world.yummellChallenge(table, characterId);
      return { input: { characterId, advantages: ['Heroism'] } };
    },
  },
  yummellRest: {
    scope: YUMMELL,
    variables: async ({ world, table }) => {
      await world.yummellTurnOf(table, ym(table).adaCharacterId);
      return { input: { characterId: ym(table).adaCharacterId } };
    },
  },
  // After a move (an Artefact drawn, none pending): the rules then look for Bo's racer in the square (NOT_IN_YOUR_SQUARE, NO_ARTEFACT).
  yummellUseAbility: {
    scope: YUMMELL,
    variables: async ({ world, table }) => {
      const { adaCharacterId, boCharacterId } = ym(table);
      await world.yummellMoveFor(table, adaCharacterId, 'ARTEFACT');
      return { input: { characterId: adaCharacterId, ability: 'CLEPTOMANIA', targetCharacterId: boCharacterId } };
    },
  },
  yummellEndTurn: {
    scope: YUMMELL,
    variables: async ({ world, table }) => {
      const characterId = ym(table).adaCharacterId;
      await world.yummellTurnOf(table, characterId);
      await table.gm.client.data(`mutation ($input: YummellCharacterInput!) { yummellRest(input: $input) { position } }`, { input: { characterId } });
      return { input: { characterId } };
    },
  },

  // ---- Enchanted Realms (d20 edition) -------------------------------------------------------
  enchantedRealmsD20CreateCombatant: {
    scope: D20,
    variables: async ({ table }) => {
      const { createCharacter } = await table.gm.client.data(D20_CHARACTER, { input: { campaignId: table.campaignId, name: 'Matrix fighter', memberId: table.ada.memberId } });
      return { input: { campaignId: table.campaignId, characterId: createCharacter.id, name: 'Matrix Ana', defense: 12, armorWorn: false, skills: D20_SKILLS } };
    },
  },
  enchantedRealmsD20Attack: {
    scope: D20,
    variables: async ({ table }) => ({
      input: { attackerId: await d20Combatant(table, 'ada'), targetId: await d20Combatant(table, 'foe'), kind: 'MELEE', skills: D20_SKILLS, damagePerHit: 2 },
    }),
  },
  enchantedRealmsD20AttackOdds: {
    scope: D20,
    variables: async ({ table }) => ({
      input: { attackerId: await d20Combatant(table, 'ada'), targetId: await d20Combatant(table, 'foe'), kind: 'MELEE', skills: D20_SKILLS, damagePerHit: 2 },
    }),
  },
  enchantedRealmsD20CallCheck: {
    scope: D20,
    variables: async ({ table }) => ({ input: { combatantId: await d20Combatant(table, 'ada'), kind: 'AWARENESS', targetValue: 12 } }),
  },
  enchantedRealmsD20Check: {
    scope: D20,
    variables: async ({ table }) => {
      // A player rolls the check the GM called: the GM calls it first.
      const combatantId = await d20Combatant(table, 'ada');
      await table.gm.client.data(`mutation ($input: EnchantedRealmsD20CallCheckInput!) { enchantedRealmsD20CallCheck(input: $input) { eventSeq } }`, {
        input: { combatantId, kind: 'AWARENESS', targetValue: 12 },
      });
      return { input: { combatantId, kind: 'AWARENESS', dice: 1, modifier: 2, targetValue: 12 } };
    },
  },
  enchantedRealmsD20StartCombat: {
    scope: D20,
    variables: async ({ table }) => ({ input: { campaignId: table.campaignId, combatantIds: [await d20Combatant(table, 'ada'), await d20Combatant(table, 'foe')] } }),
  },
  enchantedRealmsD20NextTurn: { scope: D20, variables: async ({ table }) => ({ input: { encounterId: await d20Combat(table) } }) },
  enchantedRealmsD20EndCombat: { scope: D20, variables: async ({ table }) => ({ input: { encounterId: await d20Combat(table) } }) },
  enchantedRealmsD20ShortRest: { scope: D20, variables: async ({ table }) => ({ input: { campaignId: table.campaignId, combatantIds: [await d20Combatant(table, 'ada')] } }) },
  enchantedRealmsD20Treat: {
    scope: D20,
    variables: async ({ table }) => ({ input: await d20Treatable(table) }),
  },
};
