import { bySuit, isRed, refuse, rule, type Play } from './table.js';

/** tenth-realm.md, "Regions" (Decision): the risk rating stays within 0–5. */
export const MIN_RISK_RATING = 0;
export const MAX_RISK_RATING = 5;
/** The most factors in favour an oracle question may count. */
export const MAX_ORACLE_FACTORS = 10;

/** The first visit's card: ♥ 1 serenity, ♦ 2 twist, ♣ 2 threat, ♠ 3 danger. */
export function initialRisk(cardId: string): { riskRating: number; descriptor: string } {
  return bySuit(cardId, {
    H: { riskRating: 1, descriptor: 'a moment of serenity' },
    D: { riskRating: 2, descriptor: 'an unexpected twist' },
    C: { riskRating: 2, descriptor: 'an impending threat' },
    S: { riskRating: 3, descriptor: 'an imminent danger' },
  });
}

/**
 * The starting region (seed 002 line 105: "drop a d20 on the map sheet's hex grid, this is the
 * region you are located in"): the group is there, the hex named by the die's face. Its risk card
 * is revealed when the group describes it (enterRegion, line 107).
 */
export const rollStartingRegion = rule('tenth-realm.starting-region-rolled', (play, _input: Record<string, never>) => {
  const d20 = play.roll(20);
  play.state.world.currentHex = String(d20);
  return { d20, hex: String(d20) };
});

/** A hex entered (seed 002 line 107): the first visit reveals a card for the initial risk rating; it is the current hex. */
function enter(play: Play, hex: string, notes?: string) {
  const { world } = play.state;
  let region = world.regions[hex];
  const firstVisit = !region;
  if (!region) {
    const [riskCard] = play.reveal(1);
    region = { hex, riskCard, notes: [], ...initialRisk(riskCard) };
    world.regions[hex] = region;
  }
  if (notes) region.notes.push(notes);
  world.currentHex = hex;
  return { firstVisit, riskCard: firstVisit ? region.riskCard : null, riskRating: region.riskRating, descriptor: region.descriptor };
}

/** Entering a hex: notes are kept; the first visit reveals the initial risk rating. */
export const enterRegion = rule('tenth-realm.region.entered', (play, input: { hex: string; notes?: string }) => enter(play, input.hex, input.notes));

export type TravelMode = 'WALK' | 'MOUNT' | 'ROW' | 'SAIL';

/** Hexes a day's travel crosses (seed 002 line 117, tenth-realm.md "Regions"): walking 1, a mount 2, a longship rowing 3, sailing with favourable winds 4. */
export const HEXES_PER_DAY: Readonly<Record<TravelMode, number>> = { WALK: 1, MOUNT: 2, ROW: 3, SAIL: 4 };

/**
 * A day's travel (seed 002 line 117): the group passes the hexes in order, entering each as
 * enterRegion does (line 107: a first visit reveals its risk card); the last is the current hex.
 * **Decision**: sailing needs favourable winds, which the GM rules (`favourableWinds`); a hex the
 * group stands in is not passed again. Refused whole: more hexes than the mode crosses in a day.
 */
export const travel = rule('tenth-realm.travelled', (play, input: { mode: TravelMode; hexes: string[]; favourableWinds?: boolean }) => {
  const most = HEXES_PER_DAY[input.mode];
  if (most === undefined) refuse('INVALID_ROUTE', 'travel by WALK, MOUNT, ROW or SAIL');
  if (input.hexes.length === 0) refuse('INVALID_ROUTE', 'name the hexes passed, in order');
  if (input.hexes.length > most) {
    refuse('TOO_FAR_FOR_A_DAY', `${input.mode.toLowerCase()} crosses at most ${most} ${most === 1 ? 'hex' : 'hexes'} a day; ${input.hexes.length} given`);
  }
  if (input.mode === 'SAIL' && input.favourableWinds !== true) {
    refuse('NO_FAVOURABLE_WINDS', 'a longship sails only with favourable winds, which the GM rules (favourableWinds); row instead');
  }
  const from = play.state.world.currentHex;
  input.hexes.forEach((hex, i) => {
    if (hex === (i === 0 ? from : input.hexes[i - 1])) refuse('INVALID_ROUTE', `hex '${hex}' is where the group stands: name each hex passed once`);
  });
  const entered = input.hexes.map((hex) => ({ hex, ...enter(play, hex) }));
  return { from, entered, currentHex: play.state.world.currentHex };
});

/** GM: steps a region's risk rating up or down, within 0–5. */
export const setRiskRating = rule('tenth-realm.risk-rating.set', (play, input: { hex: string; riskRating: number }) => {
  const region = play.state.world.regions[input.hex];
  if (!region) refuse('UNKNOWN_REGION', `the group has not entered hex '${input.hex}' yet`);
  if (!Number.isInteger(input.riskRating) || input.riskRating < MIN_RISK_RATING || input.riskRating > MAX_RISK_RATING) {
    refuse('INVALID_RISK_RATING', `a risk rating is from ${MIN_RISK_RATING} to ${MAX_RISK_RATING}`);
  }
  const previous = region.riskRating;
  region.riskRating = input.riskRating;
  return { previous, riskRating: region.riskRating };
});

export type Reaction = 'HELPFUL' | 'CURIOUS' | 'WARY' | 'HOSTILE';

/** An NPC's reaction: ♥ helpful, ♦ curious, ♣ wary, ♠ hostile. */
export const reaction = rule('tenth-realm.reaction', (play, _input: Record<string, never>) => {
  const [card] = play.reveal(1);
  return { card, reaction: bySuit<Reaction>(card, { H: 'HELPFUL', D: 'CURIOUS', C: 'WARY', S: 'HOSTILE' }) };
});

export type OracleAnswer = 'STRONG_YES' | 'WEAK_YES' | 'NO';

/** ≥ 2 red: STRONG YES; exactly 1 red: WEAK YES; no red: NO. */
export function oracleAnswer(cards: readonly string[]): OracleAnswer {
  const red = cards.filter(isRed).length;
  return red >= 2 ? 'STRONG_YES' : red === 1 ? 'WEAK_YES' : 'NO';
}

/** A yes/no question: 1 card for sheer luck plus 1 per factor in favour. */
export const oracle = rule('tenth-realm.oracle', (play, input: { question: string; factors: number }) => {
  if (!Number.isInteger(input.factors) || input.factors < 0 || input.factors > MAX_ORACLE_FACTORS) {
    refuse('INVALID_FACTORS', `count from 0 to ${MAX_ORACLE_FACTORS} factors in favour`);
  }
  const cards = play.reveal(1 + input.factors);
  return { cards, answer: oracleAnswer(cards) };
});

/** GM: a new session begins; once-per-session abilities are available again. */
export const startSession = rule('tenth-realm.session.started', (play, _input: Record<string, never>) => {
  play.state.world.session += 1;
  return { session: play.state.world.session };
});
