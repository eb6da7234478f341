/**
 * Replaying the Tenth Realm's events (kernel/replay.ts; DESIGN.md, Randomness): each replayer
 * re-derives what its event says it derived — die faces and the dice they were rolled on, the
 * cards revealed after a reshuffle, attributes, omens and answers read from suits, the DR, score,
 * success, the card kept, damage — from the event's public payload and the mutation's stream,
 * taking the randomness in the order the rule did, and names every field that does not follow.
 *
 * What a replayer cannot check from a public payload alone: which cards a reveal took from the
 * draw pile (the pile's order is secret; it follows from the deck's shuffles and the events
 * since), and what follows from a sheet the payload does not carry (an attribute's value before a
 * roll, XP boxes, resilience before a rest). A reshuffle is replayed from the number of cards it
 * shuffled, which the event records: its draws are taken from the stream as the rule took them,
 * so that every die after it is checked.
 */
import { stepDown, stepUp } from '../die-steps.js';
import { type LoggedEvent, type Replayer, nothingToReplay } from '../kernel/replay.js';
import { sameData } from '../plain-data.js';
import { shuffle, type Rng } from '../random/random-stream.js';
import { attributeFromCard } from './creation.js';
import { clampDamageDie, damageAfterArmor, stepDownOrBreak } from './gear.js';
import { shortRestRecovery } from './resilience.js';
import { ATTRIBUTES, VANORI, VANORI_NAMES, type VanoriName } from './sheet.js';
import { bySuit, isRed, suitOf, type Reshuffle } from './table.js';
import { DEFAULT_DR } from './trial-roll.js';
import { initialRisk, oracleAnswer } from './world.js';

/** What every Tenth Realm event records of its deck (table.ts, rule). */
interface DeckFields {
  reshuffled?: boolean;
  reshuffles?: Reshuffle[];
}

interface Card {
  code: string;
  color: string;
}

/** A trial roll's input, as its event records it (trial-roll.ts, TrialInput). */
interface TrialFields extends DeckFields {
  fate?: boolean;
  dr?: number;
  burns?: Array<{ cardId: string; effect: string; amount?: number }>;
  drAdjustments?: Array<{ amount: number }>;
  /** The risk cards a two-step trial revealed ahead (tenth-realm.risk-revealed): this roll reveals none. */
  preRevealed?: string[] | null;
  ignoreArmor?: boolean;
  consequenceInPlaceOfDamage?: string | null;
  /** The call's amount for a Vanori conjured by the roll (calls.ts). */
  conjuringAmount?: number | null;
  /** The terms of the GM's call the roll answered (calls.ts, callTerms), which take the place of the input's. */
  call?: TrialFields;
}

/** A trial roll's result (trial-roll.ts, TrialResult). */
interface RollFields {
  revealed: Card[];
  d20: number;
  attributeModifier: number;
  bonus: number;
  score: number;
  baseDr: number;
  effectiveDr: number;
  drReduction?: number;
  /** A conjured Vanori's DR reduction (absent in rolls recorded before conjuring lasted). */
  conjured?: number;
  allyAid?: number;
  success: boolean;
  natural20: boolean;
  natural1: boolean;
  turnedTheTable: boolean;
  cardKept: { code: string } | null;
  burned: string[];
  xpMarked: number;
  consequenceDue: boolean;
}

interface MoraleFields {
  card: string;
  morale: string;
}

/** The fields the replayers read, each where its event records it; a payload lacking one is malformed. */
interface Payload extends TrialFields, Partial<RollFields> {
  roll: RollFields;
  attributeCards: Record<string, string>;
  attributes: Record<string, number> & Array<{ card: string; attribute: string; omen: string; increase: number }>;
  card: string | null;
  value: number;
  vanori: string;
  custom?: { resilienceDie: number };
  d6: number | null;
  chosen: string;
  resilienceDie: number;
  resilienceRoll: number;
  maxResilience: number;
  gear: 'ARMOR' | 'WEAPON';
  dieBefore: number | null;
  dieAfter: number | null;
  firstVisit: boolean;
  riskCard: string | null;
  riskRating: number;
  descriptor: string;
  incapacitated: boolean;
  resilience: number;
  morale: MoraleFields | string | null;
  kind: string;
  repair?: string | null;
  oxBurned: boolean;
  omen: string | null;
  recovered: number;
  badOmens: number;
  resilienceCard: string;
  resilienceOmen: string;
  resilienceIncrease: number;
  reaction: string;
  cards: string[];
  factors: number;
  answer: string;
  initiativeCard: string;
  initiative: string;
  baseDie: number;
  damageDie: number;
  damageRoll: number;
  armorDie: number | null;
  armorRoll: number;
  damage: number;
  hit: { damageDie: number; damageRoll: number; armorRoll: number; damage: number } | null;
  dice: { enemyWeaponDie: number; steppedDown: boolean; armorDice: number[] } | null;
  consequence?: string | null;
  entered: Array<{ hex: string; firstVisit: boolean; riskCard: string | null; riskRating: number; descriptor: string }>;
    weaponDie: number;
}

/** A payload field that does not follow: `field is X, but the draws give Y` (key order aside: the log stores JSON objects). */
function check(problems: string[], field: string, recorded: unknown, derived: unknown): void {
  if (!sameData(recorded, derived)) problems.push(`${field} is ${JSON.stringify(recorded)}, but the draws give ${JSON.stringify(derived)}`);
}

/** Runs a replayer on a payload of the expected shape; a payload of another shape is reported, not thrown. */
function replayer(derive: (payload: Payload, rng: Rng, problems: string[], event: LoggedEvent) => void): Replayer {
  return (event, rng) => {
    const problems: string[] = [];
    try {
      derive(event.payload as unknown as Payload, rng, problems, event);
    } catch (error) {
      if (!(error instanceof TypeError || error instanceof RangeError || error instanceof MalformedPayload)) throw error;
      problems.push(`event ${event.seq} (${event.type}) cannot be replayed from its payload: ${error.message}`);
    }
    return problems;
  };
}

class MalformedPayload extends Error {}

function cardsAt(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.some((card) => typeof card !== 'string')) throw new MalformedPayload(`${field} is not a list of cards`);
  return value as string[];
}

/**
 * The reveals of one event, in the order the rule made them: each takes its reshuffle's
 * randomness (drawCards, cards/piles.ts), a shuffle of as many cards as the event says.
 */
class Reveals {
  private next = 0;
  private readonly reshuffles: Reshuffle[];

  constructor(
    payload: DeckFields,
    private readonly rng: Rng,
    private readonly problems: string[],
  ) {
    this.reshuffles = Array.isArray(payload.reshuffles) ? payload.reshuffles : [];
    if (payload.reshuffled === true && this.reshuffles.length === 0) {
      throw new MalformedPayload('the deck was reshuffled, but the discard pile it shuffled is not recorded');
    }
    if (payload.reshuffled !== true && this.reshuffles.length > 0) problems.push('reshuffled is false, but the event records a reshuffle');
  }

  /** One reveal of `cards` (recorded under `field`). */
  reveal(cards: readonly string[], field: string): void {
    // A reveal of no card is no reveal (Play.reveal): it takes no index.
    if (cards.length === 0) return;
    const index = this.next++;
    const reshuffle = this.reshuffles.find((each) => each.reveal === index);
    if (!reshuffle) return;
    const { drawnBefore, discardCount } = reshuffle;
    if (!Number.isInteger(drawnBefore) || !Number.isInteger(discardCount) || drawnBefore < 0 || discardCount < 0) {
      throw new MalformedPayload('a reshuffle without its counts');
    }
    if (drawnBefore + discardCount < cards.length) {
      this.problems.push(`${field} lists ${cards.length} cards, but the reshuffle leaves only ${drawnBefore + discardCount} to reveal`);
    }
    // The shuffle's draws depend on the number of cards alone (random-stream.ts, shuffle).
    shuffle(Array.from({ length: discardCount }, (_, i) => i), this.rng);
  }
}

/** A roll's terms: the call's where it answered one (calls.ts, answerCall), else its own input. */
const terms = <T extends TrialFields>(payload: T): T => (payload.call ? { ...payload, ...payload.call } : payload);

const colorOf = (card: string) => (isRed(card) ? 'RED' : 'BLACK');

/**
 * A trial roll (trial-roll.ts, resolveTrial) from the input and the roll it recorded: the reveal,
 * the d20, the DR from the black cards, the score, success, the naturals and the card kept.
 */
function replayTrial(recorded: TrialFields, roll: RollFields, rng: Rng, problems: string[], field: string): void {
  const input = terms(recorded);
  const reveals = new Reveals(input, rng, problems);
  const revealed = roll.revealed.map((card) => card.code);
  if (Array.isArray(input.preRevealed)) check(problems, `${field}revealed`, revealed, input.preRevealed);
  else reveals.reveal(revealed, `${field}revealed`);
  check(problems, `${field}revealed colors`, roll.revealed.map((card) => card.color), revealed.map(colorOf));
  if (input.fate === true) check(problems, `${field}revealed`, revealed, []);
  const d20 = rng.die(20);
  check(problems, `${field}d20`, roll.d20, d20);
  const burns = Array.isArray(input.burns) ? input.burns : [];
  const turner = burns.find((burn) => burn.effect === 'TURN_THE_TABLE');
  const burnedNow = burns.filter((burn) => burn !== turner);
  // A Vanori conjured by this roll lowers the DR by the burn's (or the call's) amount; one conjured before by what the
  // sheet held, which the roll records (conjuring.ts).
  const conjuring = burnedNow.find((burn) => burn.effect === 'VANORI');
  const conjuredNow = conjuring ? Number(conjuring.amount ?? input.conjuringAmount) : 0;
  if (conjuring && roll.conjured !== undefined) check(problems, `${field}conjured`, roll.conjured, conjuredNow);
  const conjured = roll.conjured === undefined ? conjuredNow : Number(roll.conjured);
  const adjustments = (Array.isArray(input.drAdjustments) ? input.drAdjustments : []).reduce((sum, adjustment) => sum + Number(adjustment.amount), 0);
  const baseDr = input.dr ?? DEFAULT_DR;
  check(problems, `${field}baseDr`, roll.baseDr, baseDr);
  const black = revealed.filter((card) => !isRed(card)).length;
  const effectiveDr = baseDr + 2 * black + adjustments - conjured - Number(roll.drReduction ?? 0);
  check(problems, `${field}effectiveDr`, roll.effectiveDr, effectiveDr);
  const score = d20 + Number(roll.attributeModifier) + Number(roll.bonus);
  check(problems, `${field}score`, roll.score, score);
  const beaten = score > effectiveDr;
  const turnedTheTable = !beaten && turner !== undefined;
  check(problems, `${field}turnedTheTable`, roll.turnedTheTable, turnedTheTable);
  const success = beaten || turnedTheTable;
  check(problems, `${field}success`, roll.success, success);
  check(problems, `${field}natural20`, roll.natural20, d20 === 20);
  check(problems, `${field}natural1`, roll.natural1, d20 === 1);
  check(problems, `${field}burned`, roll.burned, [...burnedNow.map((burn) => burn.cardId), ...(turnedTheTable ? [turner!.cardId] : [])]);
  const anyBurned = burnedNow.length > 0 || turnedTheTable || Number(roll.allyAid ?? 0) > 0;
  const kept = success && input.fate !== true && !anyBurned && revealed.length > 0 ? (revealed.find(isRed) ?? revealed[0]) : null;
  check(problems, `${field}cardKept`, roll.cardKept, kept === null ? null : { code: kept });
  // How many boxes a setback marks follows from the sheet (OWL, a full track); a success or a fate roll marks none.
  if ((success || input.fate === true) && roll.xpMarked !== 0) check(problems, `${field}xpMarked`, roll.xpMarked, 0);
  check(problems, `${field}consequenceDue`, roll.consequenceDue, input.fate !== true && (!success || turnedTheTable));
}

/** tenth-realm.character.created: four cards, one per attribute, each read by its suit. */
const created = replayer((payload, rng, problems) => {
  const cards = ATTRIBUTES.map((attribute) => String(payload.attributeCards[attribute]));
  new Reveals(payload, rng, problems).reveal(cards, 'attributeCards');
  check(problems, 'attributes', payload.attributes, Object.fromEntries(ATTRIBUTES.map((attribute, i) => [attribute, attributeFromCard(cards[i])])));
});

/** tenth-realm.attribute.redrawn: one card, read by its suit. */
const redrawn = replayer((payload, rng, problems) => {
  const card = String(payload.card);
  new Reveals(payload, rng, problems).reveal([card], 'card');
  check(problems, 'value', payload.value, attributeFromCard(card));
});

/** tenth-realm.vanori.chosen: the d6 of a rolled Vanori, then its resilience die; max = roll + 3. */
const vanoriChosen = replayer((payload, rng, problems) => {
  let die: number;
  if (payload.vanori === 'CUSTOM') {
    die = Number(payload.custom?.resilienceDie);
    check(problems, 'd6', payload.d6, null);
  } else {
    const d6 = payload.vanori === 'ROLL' ? rng.die(6) : null;
    check(problems, 'd6', payload.d6, d6);
    const name = (d6 === null ? payload.vanori : VANORI_NAMES[d6 - 1]) as VanoriName;
    check(problems, 'chosen', payload.chosen, name);
    die = VANORI[name].resilienceDie;
  }
  check(problems, 'resilienceDie', payload.resilienceDie, die);
  const roll = rng.die(die);
  check(problems, 'resilienceRoll', payload.resilienceRoll, roll);
  check(problems, 'maxResilience', payload.maxResilience, roll + 3);
});

/** tenth-realm.resilience.rerolled: the Vanori's die again; max = roll + 3. */
const resilienceRerolled = replayer((payload, rng, problems) => {
  const roll = rng.die(Number(payload.resilienceDie));
  check(problems, 'resilienceRoll', payload.resilienceRoll, roll);
  check(problems, 'maxResilience', payload.maxResilience, roll + 3);
});

/** tenth-realm.starting-region-rolled: a d20. */
const startingRegion = replayer((payload, rng, problems) => check(problems, 'd20', payload.d20, rng.die(20)));

/** tenth-realm.region.entered: a first visit reveals the risk card, read by its suit. */
const regionEntered = replayer((payload, rng, problems) => {
  const reveals = new Reveals(payload, rng, problems);
  if (payload.firstVisit !== true) return;
  const card = String(payload.riskCard);
  reveals.reveal([card], 'riskCard');
  const { riskRating, descriptor } = initialRisk(card);
  check(problems, 'riskRating', payload.riskRating, riskRating);
  check(problems, 'descriptor', payload.descriptor, descriptor);
});

/** tenth-realm.travelled: each hex entered for the first time reveals its risk card, in the order passed (world.ts, travel). */
const travelled = replayer((payload, rng, problems) => {
  const reveals = new Reveals(payload, rng, problems);
  const entered = payload.entered;
  if (!Array.isArray(entered)) throw new MalformedPayload('entered is not a list of hexes');
  entered.forEach((hex, i) => {
    if (hex.firstVisit !== true) return;
    const card = String(hex.riskCard);
    reveals.reveal([card], `entered[${i}].riskCard`);
    const { riskRating, descriptor } = initialRisk(card);
    check(problems, `entered[${i}].riskRating`, hex.riskRating, riskRating);
    check(problems, `entered[${i}].descriptor`, hex.descriptor, descriptor);
  });
});

/** tenth-realm.trial-rolled. */
const trialRolled = replayer((payload, rng, problems) => replayTrial(payload, payload as unknown as RollFields, rng, problems, ''));

/** tenth-realm.resilience-checked: a trial roll; success leaves resilience 1, a setback incapacitates. */
const resilienceChecked = replayer((payload, rng, problems) => {
  replayTrial(payload, payload.roll, rng, problems, 'roll.');
  check(problems, 'incapacitated', payload.incapacitated, !payload.roll.success);
  if (payload.roll.success) check(problems, 'resilience', payload.resilience, 1);
});

/** Morale (combat.ts, moraleCheck): one card, read by its suit. */
function replayMorale(reveals: Reveals, morale: MoraleFields, problems: string[], field: string): void {
  const card = String(morale.card);
  reveals.reveal([card], `${field}card`);
  check(problems, `${field}morale`, morale.morale, bySuit(card, { H: 'PANIC_AND_FLEE', D: 'SURRENDER_OR_NEGOTIATE', C: 'STAY_IN_THE_FIGHT', S: 'DOUBLE_DOWN' }));
}

/** tenth-realm.card.burned: only the WOLF's morale card is random. */
const cardBurned = replayer((payload, rng, problems) => {
  const reveals = new Reveals(payload, rng, problems);
  if (payload.morale && typeof payload.morale === 'object') replayMorale(reveals, payload.morale, problems, 'morale.');
});

/** tenth-realm.rested: a short or long rest reveals a card; its suit says the omen and the most recovered. */
const rested = replayer((payload, rng, problems) => {
  const reveals = new Reveals(payload, rng, problems);
  if (payload.kind === 'FULL') return check(problems, 'card', payload.card, null);
  const card = String(payload.card);
  reveals.reveal([card], 'card');
  const { recovery, omen } = shortRestRecovery(card);
  check(problems, 'omen', payload.omen, omen);
  const doubled = (payload.kind === 'LONG' && !payload.repair) || payload.oxBurned === true;
  const most = doubled ? recovery * 2 : recovery;
  if (!(Number(payload.recovered) >= 0 && Number(payload.recovered) <= most)) problems.push(`recovered is ${payload.recovered}, but ${card} gives at most ${most}`);
});

const ATTRIBUTE_OMENS = { H: ['PLUS_2', 2], D: ['PLUS_1', 1], C: ['UNCHANGED', 0], S: ['BAD_OMEN', 0] } as const;
const RESILIENCE_OMENS = { H: ['PLUS_2', 2], D: ['PLUS_1', 1], C: ['UNCHANGED', 0], S: ['VISION', 0] } as const;

/** tenth-realm.blessing: a card per attribute and one for max resilience, each read by its suit. */
const blessing = replayer((payload, rng, problems) => {
  const attributes = payload.attributes;
  const cards = [...attributes.map((each) => String(each.card)), String(payload.resilienceCard)];
  new Reveals(payload, rng, problems).reveal(cards, 'cards');
  attributes.forEach((each, i) => {
    const [omen, increase] = bySuit<readonly [string, number]>(cards[i], ATTRIBUTE_OMENS);
    check(problems, `attributes[${i}].attribute`, each.attribute, ATTRIBUTES[i]);
    check(problems, `attributes[${i}].omen`, each.omen, omen);
    check(problems, `attributes[${i}].increase`, each.increase, increase);
  });
  check(problems, 'badOmens', payload.badOmens, cards.slice(0, ATTRIBUTES.length).filter((card) => suitOf(card) === 'S').length);
  const [resilienceOmen, resilienceIncrease] = bySuit<readonly [string, number]>(String(payload.resilienceCard), RESILIENCE_OMENS);
  check(problems, 'resilienceOmen', payload.resilienceOmen, resilienceOmen);
  check(problems, 'resilienceIncrease', payload.resilienceIncrease, resilienceIncrease);
});

/** tenth-realm.reaction: ♥ helpful, ♦ curious, ♣ wary, ♠ hostile. */
const reaction = replayer((payload, rng, problems) => {
  const card = String(payload.card);
  new Reveals(payload, rng, problems).reveal([card], 'card');
  check(problems, 'reaction', payload.reaction, bySuit(card, { H: 'HELPFUL', D: 'CURIOUS', C: 'WARY', S: 'HOSTILE' }));
});

/** tenth-realm.oracle: 1 card plus 1 per factor; the reds say the answer. */
const oracle = replayer((payload, rng, problems) => {
  const cards = cardsAt(payload.cards, 'cards');
  check(problems, 'number of cards', cards.length, 1 + Number(payload.factors));
  new Reveals(payload, rng, problems).reveal(cards, 'cards');
  check(problems, 'answer', payload.answer, oracleAnswer(cards));
});

/** tenth-realm.combat.started: the initiative card, red for the players. */
const combatStarted = replayer((payload, rng, problems) => {
  const card = String(payload.initiativeCard);
  new Reveals(payload, rng, problems).reveal([card], 'initiativeCard');
  check(problems, 'initiative', payload.initiative, isRed(card) ? 'PLAYERS' : 'ENEMIES');
});

/**
 * tenth-realm.combat.attack: a trial roll, the damage die it leaves, then the enemy's armor die —
 * neither rolled when the GM's consequence takes the damage's place, no armor die when the GM
 * rules the blow ignores armor.
 */
const combatAttack = replayer((recorded, rng, problems) => {
  replayTrial(recorded, recorded.roll, rng, problems, 'roll.');
  const payload = terms(recorded);
  const roll = payload.roll;
  let damageDie = clampDamageDie(Number(payload.baseDie));
  if (roll.success && roll.natural20) damageDie = stepUp(damageDie);
  if (!roll.success) damageDie = roll.natural1 ? stepDown(stepDown(damageDie)) : stepDown(damageDie);
  check(problems, 'damageDie', payload.damageDie, damageDie);
  const consequence = !roll.success && payload.consequenceInPlaceOfDamage ? payload.consequenceInPlaceOfDamage : null;
  check(problems, 'consequence', payload.consequence ?? null, consequence);
  const damageRoll = consequence ? 0 : rng.die(damageDie);
  check(problems, 'damageRoll', payload.damageRoll, damageRoll);
  const armorRoll = consequence || payload.ignoreArmor === true || payload.armorDie === null ? 0 : rng.die(Number(payload.armorDie));
  check(problems, 'armorRoll', payload.armorRoll, armorRoll);
  check(problems, 'damage', payload.damage, damageAfterArmor(damageRoll, armorRoll));
});

/** tenth-realm.combat.gear-damaged: a trial roll; on a success the die steps down (d4 armor breaks). */
const combatGearDamaged = replayer((recorded, rng, problems) => {
  replayTrial(recorded, recorded.roll, rng, problems, 'roll.');
  const before = recorded.dieBefore === null ? null : Number(recorded.dieBefore);
  const after = !recorded.roll.success || before === null ? before : recorded.gear === 'ARMOR' ? stepDownOrBreak(before) : stepDown(before);
  check(problems, 'dieAfter', recorded.dieAfter, after);
});

/** tenth-realm.combat.defend: a trial roll; on a setback the enemy's damage die less the armor dice. */
const combatDefend = replayer((recorded, rng, problems) => {
  replayTrial(recorded, recorded.roll, rng, problems, 'roll.');
  const payload = terms(recorded);
  const roll = payload.roll;
  const consequence = !roll.success && payload.consequenceInPlaceOfDamage ? payload.consequenceInPlaceOfDamage : null;
  check(problems, 'consequence', payload.consequence ?? null, consequence);
  if (roll.success || consequence) {
    check(problems, 'hit', payload.hit, null);
    return;
  }
  const dice = payload.dice;
  if (!dice || !payload.hit) throw new MalformedPayload('a setback without its hit and dice');
  let damageDie = clampDamageDie(Number(dice.enemyWeaponDie));
  if (roll.natural1) damageDie = stepUp(damageDie);
  if (dice.steppedDown === true) damageDie = stepDown(damageDie);
  check(problems, 'hit.damageDie', payload.hit.damageDie, damageDie);
  const damageRoll = rng.die(damageDie);
  check(problems, 'hit.damageRoll', payload.hit.damageRoll, damageRoll);
  const armorRoll = dice.armorDice.reduce((sum, sides) => sum + rng.die(Number(sides)), 0);
  check(problems, 'hit.armorRoll', payload.hit.armorRoll, armorRoll);
  check(problems, 'hit.damage', payload.hit.damage, damageAfterArmor(damageRoll, armorRoll));
});

/** tenth-realm.combat.morale. */
const combatMorale = replayer((payload, rng, problems) => replayMorale(new Reveals(payload, rng, problems), payload as unknown as MoraleFields, problems, ''));

/** tenth-realm.risk-revealed: a call's risk cards, revealed ahead of its roll (calls.ts, revealRisk). */
const riskRevealed = replayer((payload, rng, problems) => {
  const cards = (payload.revealed as unknown as Card[]).map((card) => card.code);
  new Reveals(payload, rng, problems).reveal(cards, 'revealed');
  check(problems, 'revealed colors', (payload.revealed as unknown as Card[]).map((card) => card.color), cards.map(colorOf));
});

/** tenth-realm.character.finished: armor d4 and a d6 weapon, always. */
const finished = replayer((payload, _rng, problems) => {
  check(problems, 'armorDie', payload.armorDie, 4);
  check(problems, 'weaponDie', payload.weaponDie, 6);
});

/** Every event type the ruleset records, with its replayer. */
export const REPLAYERS: Readonly<Record<string, Replayer>> = {
  'tenth-realm.character.created': created,
  'tenth-realm.attribute.redrawn': redrawn,
  'tenth-realm.vanori.chosen': vanoriChosen,
  'tenth-realm.resilience.rerolled': resilienceRerolled,
  'tenth-realm.character.finished': finished,
  'tenth-realm.starting-region-rolled': startingRegion,
  'tenth-realm.region.entered': regionEntered,
  'tenth-realm.travelled': travelled,
  'tenth-realm.conjuring.ended': nothingToReplay,
  'tenth-realm.risk-rating.set': nothingToReplay,
  'tenth-realm.trial-rolled': trialRolled,
  'tenth-realm.card.burned': cardBurned,
  'tenth-realm.rested': rested,
  'tenth-realm.resilience-checked': resilienceChecked,
  'tenth-realm.resilience.lost': nothingToReplay,
  'tenth-realm.wounds-tended': nothingToReplay,
  'tenth-realm.condition.added': nothingToReplay,
  'tenth-realm.condition.cleared': nothingToReplay,
  'tenth-realm.item.gained': nothingToReplay,
  'tenth-realm.item.dropped': nothingToReplay,
  'tenth-realm.blessing': blessing,
  'tenth-realm.reaction': reaction,
  'tenth-realm.oracle': oracle,
  'tenth-realm.session.started': nothingToReplay,
  'tenth-realm.combat.started': combatStarted,
  'tenth-realm.combat.attack': combatAttack,
  'tenth-realm.combat.defend': combatDefend,
  'tenth-realm.combat.morale': combatMorale,
  'tenth-realm.combat.ended': nothingToReplay,
  'tenth-realm.gear.damaged': nothingToReplay,
  'tenth-realm.gear.repaired': nothingToReplay,
  'tenth-realm.gear.gained': nothingToReplay,
  'tenth-realm.gear.equipped': nothingToReplay,
  'tenth-realm.gear.dropped': nothingToReplay,
  'tenth-realm.trial-called': nothingToReplay,
  'tenth-realm.risk-revealed': riskRevealed,
  'tenth-realm.combat.withdrew': nothingToReplay,
  'tenth-realm.combat.gear-damaged': combatGearDamaged,
};
