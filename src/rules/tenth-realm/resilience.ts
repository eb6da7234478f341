import type { GearSlot } from './gear.js';
import { repair } from './gear.js';
import { freeSlots, type Attribute, type TenthRealmSheet } from './sheet.js';
import { bySuit, refuse, rule, type Play } from './table.js';
import { answerCall, callTerms } from './calls.js';
import { settleCombat } from './combat.js';
import { resolveTrial, type TrialInput } from './trial-roll.js';

/** Takes resilience away; at 0 a resilience check is due (tenth-realm.md, "Resilience and conditions"). */
export function loseResilience(sheet: TenthRealmSheet, amount: number): void {
  sheet.resilience = Math.max(0, sheet.resilience - amount);
  if (sheet.resilience === 0 && amount > 0) sheet.pending.resilienceCheckDue = true;
}

/** Gives resilience back, never above max. Returns what was actually recovered. */
export function recoverResilience(sheet: TenthRealmSheet, amount: number): number {
  const before = sheet.resilience;
  sheet.resilience = Math.min(sheet.maxResilience, sheet.resilience + amount);
  return sheet.resilience - before;
}

function takeSlot(sheet: TenthRealmSheet, what: string): void {
  if (freeSlots(sheet) < 1) refuse('NO_FREE_SLOT', `no free inventory slot for ${what}: drop an item first`);
}

/** Resilience 0 → a trial roll (willpower unless the group picks another). SUCCESS: 1. SETBACK: incapacitated. */
export const resilienceCheck = rule(
  'tenth-realm.resilience-checked',
  (play, input: Omit<TrialInput, 'attribute' | 'fate'> & { attribute?: Attribute; callId?: string }) => {
    const sheet = play.activeCharacter(input.characterId);
    if (!sheet.pending.resilienceCheckDue) refuse('NO_RESILIENCE_CHECK_DUE', 'no resilience check is due: resilience is above 0');
    const trial = answerCall(play, input);
    const roll = resolveTrial(play, { ...trial, attribute: trial.attribute ?? 'WILLPOWER' }, { resilienceCheck: true });
    sheet.pending.resilienceCheckDue = false;
    if (roll.success) {
      sheet.resilience = 1;
    } else {
      sheet.status = 'INCAPACITATED';
      sheet.pending.woundsToTend = true;
    }
    // A fall in a fight counts once the check is made (combat.ts, settleCombat).
    const { combat } = play.state;
    const combatStatus = combat?.characterIds.includes(input.characterId) ? settleCombat(play, combat) : null;
    return { roll, resilience: sheet.resilience, incapacitated: !roll.success, combatStatus, ...callTerms(input, trial) };
  },
);

/** GM: a consequence costs resilience (tenth-realm.md, "Trial roll", SETBACK); at 0 a check is due. */
export const loseResilienceRule = rule('tenth-realm.resilience.lost', (play, input: { characterId: string; amount: number }) => {
  const sheet = play.activeCharacter(input.characterId);
  if (!Number.isInteger(input.amount) || input.amount < 1) refuse('INVALID_AMOUNT', 'lose at least 1 resilience');
  loseResilience(sheet, input.amount);
  return { resilience: sheet.resilience, resilienceCheckDue: sheet.pending.resilienceCheckDue };
});

/** An incapacitated character's wounds are tended: resilience 1 and a new condition. */
export const tendWounds = rule('tenth-realm.wounds-tended', (play, input: { characterId: string; condition: string }) => {
  const sheet = play.character(input.characterId);
  if (!sheet.pending.woundsToTend) refuse('NO_WOUNDS_TO_TEND', 'the character is not incapacitated');
  takeSlot(sheet, `the condition '${input.condition}'`);
  sheet.pending.woundsToTend = false;
  sheet.status = 'ACTIVE';
  sheet.resilience = 1;
  sheet.inventory.conditions.push(input.condition);
  return { resilience: 1, conditions: sheet.inventory.conditions };
});

/** A new condition takes an inventory slot. */
export const addCondition = rule('tenth-realm.condition.added', (play, input: { characterId: string; condition: string }) => {
  const sheet = play.character(input.characterId);
  takeSlot(sheet, `the condition '${input.condition}'`);
  sheet.inventory.conditions.push(input.condition);
  return { conditions: sheet.inventory.conditions };
});

function removeCondition(sheet: TenthRealmSheet, condition: string): void {
  const index = sheet.inventory.conditions.indexOf(condition);
  if (index === -1) refuse('UNKNOWN_CONDITION', `the character has no condition '${condition}'`);
  sheet.inventory.conditions.splice(index, 1);
}

/** GM: a condition ruled irrelevant is cleared. */
export const clearCondition = rule('tenth-realm.condition.cleared', (play, input: { characterId: string; condition: string }) => {
  const sheet = play.character(input.characterId);
  removeCondition(sheet, input.condition);
  return { conditions: sheet.inventory.conditions };
});

/** Adds an item to the inventory (it takes a slot). */
export function addItem(sheet: TenthRealmSheet, item: string): void {
  takeSlot(sheet, `'${item}'`);
  sheet.inventory.items.push(item);
}

export const gainItem = rule('tenth-realm.item.gained', (play, input: { characterId: string; item: string }) => {
  const sheet = play.character(input.characterId);
  addItem(sheet, input.item);
  return { items: sheet.inventory.items };
});

export const dropItem = rule('tenth-realm.item.dropped', (play, input: { characterId: string; item: string }) => {
  const sheet = play.character(input.characterId);
  const index = sheet.inventory.items.indexOf(input.item);
  if (index === -1) refuse('UNKNOWN_ITEM', `the character carries no '${input.item}'`);
  sheet.inventory.items.splice(index, 1);
  return { items: sheet.inventory.items };
});

export type RestKind = 'SHORT' | 'LONG' | 'FULL';
export type RestOmen = 'SERENE' | 'CALM' | 'TROUBLE_IS_AHEAD' | 'TROUBLE_IS_HERE';

/** tenth-realm.md, "Rest": ♥ recover 5; ♦ 3; ♣ 2 "trouble is ahead"; ♠ 1 "trouble is here". */
export function shortRestRecovery(cardId: string): { recovery: number; omen: RestOmen } {
  return bySuit(cardId, {
    H: { recovery: 5, omen: 'SERENE' as const },
    D: { recovery: 3, omen: 'CALM' as const },
    C: { recovery: 2, omen: 'TROUBLE_IS_AHEAD' as const },
    S: { recovery: 1, omen: 'TROUBLE_IS_HERE' as const },
  });
}

function restCard(play: Play, sheet: TenthRealmSheet, doubled: boolean) {
  const [card] = play.reveal(1);
  const { recovery, omen } = shortRestRecovery(card);
  const recovered = recoverResilience(sheet, doubled ? recovery * 2 : recovery);
  return { card, omen, recovered };
}

/**
 * SHORT: reveal a card and recover (OX burn: doubled, as a long rest). LONG: doubled, unless spent
 * repairing an item (short recovery). FULL: all resilience and, if it makes sense, one condition
 * (tenth-realm.md, "Rest"). A short rest with an OX's long-rest benefits (seed 002, OX: "get a long
 * rest's benefits from a short rest") may be spent repairing too, for a short rest's recovery.
 */
export const rest = rule(
  'tenth-realm.rested',
  (play, input: { characterId: string; kind: RestKind; repair?: GearSlot; clearCondition?: string }) => {
    const sheet = play.activeCharacter(input.characterId);
    if (sheet.pending.resilienceCheckDue) refuse('RESILIENCE_CHECK_DUE', 'a resilience check is due first');
    const oxBurned = input.kind === 'SHORT' && sheet.pending.oxLongRest;
    if (input.repair && input.kind !== 'LONG' && !oxBurned) {
      refuse('NOTHING_TO_REPAIR', "items are repaired during a long rest (or a short rest with an OX's long-rest benefits)");
    }
    if (input.clearCondition && input.kind !== 'FULL') refuse('UNKNOWN_CONDITION', 'a condition clears with a full rest');
    if (input.kind === 'FULL') {
      if (input.clearCondition) removeCondition(sheet, input.clearCondition);
      const recovered = recoverResilience(sheet, sheet.maxResilience);
      return { card: null, omen: null, recovered, resilience: sheet.resilience, repaired: null, oxBurned: false };
    }
    if (input.repair) repair(sheet, input.repair);
    sheet.pending.oxLongRest &&= !oxBurned;
    const doubled = (input.kind === 'LONG' || oxBurned) && !input.repair;
    const { card, omen, recovered } = restCard(play, sheet, doubled);
    return { card, omen, recovered, resilience: sheet.resilience, repaired: input.repair ?? null, oxBurned };
  },
);
