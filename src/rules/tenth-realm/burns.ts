import type { Combat, Enemy } from './combat-state.js';
import { fightingEnemy, moraleCheck } from './combat.js';
import { addItem } from './resilience.js';
import { refuse, rule } from './table.js';

export type OutsideBurnEffect = 'COME_PREPARED' | 'AID_AN_ALLY' | 'VANORI';

export interface BurnCardInput {
  characterId: string;
  cardId: string;
  effect: OutsideBurnEffect;
  /** COME_PREPARED: the item that was there all along. */
  item?: string;
  /** WOLF and RAVEN: the enemy of the combat under way. */
  targetEnemyId?: string;
  /** AID_AN_ALLY: the ally whose next roll gets +2 (+3 from an ELK). */
  targetCharacterId?: string;
}

/**
 * Burning a card outside a roll (tenth-realm.md, "Burning cards"): COME PREPARED adds an item; a
 * Vanori's ability is set up for when it applies — BEAR's d4 on the next armor roll, OX's long
 * rest on the next short one, OWL's double XP on the next setback (once per session) — or applied
 * at once: WOLF forces a morale check, RAVEN steps the enemy's next damage die down.
 */
export const burnCard = rule('tenth-realm.card.burned', (play, input: BurnCardInput) => {
  const sheet = play.activeCharacter(input.characterId);
  if (!play.holds(input.characterId, input.cardId)) refuse('CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand');

  if (input.effect === 'AID_AN_ALLY') {
    // Burned ahead of the ally's roll, so each player burns from their own hand with their own key;
    // the roll then counts as one a card was burned for (no card to hand).
    if (!input.targetCharacterId || input.targetCharacterId === input.characterId) {
      refuse('INVALID_BURN', 'name the ally you aid (targetCharacterId), another character than yours');
    }
    const ally = play.activeCharacter(input.targetCharacterId);
    const aid = sheet.vanori?.name === 'ELK' ? 3 : 2;
    play.burn(input.characterId, input.cardId);
    ally.pending.allyAid = (ally.pending.allyAid ?? 0) + aid;
    return { vanori: null, setUp: 'AID_AN_ALLY', morale: null, aid };
  }

  if (input.effect === 'COME_PREPARED') {
    if (!input.item) refuse('INVALID_BURN', 'name the item you came prepared with');
    addItem(sheet, input.item);
    play.burn(input.characterId, input.cardId);
    return { vanori: null, setUp: 'ITEM_ADDED', morale: null, aid: 0 };
  }

  const vanori = sheet.vanori?.name;
  if (!vanori) refuse('INVALID_BURN', 'the character has no Vanori');
  if (vanori === 'ELK') refuse('INVALID_BURN', "the Elk's gift is passive: it applies when you aid an ally");
  if (vanori === 'OWL' && sheet.owlUsedInSession === play.state.world.session) {
    refuse('ONCE_PER_SESSION', 'the Owl marks XP twice only once per session');
  }
  let target: { combat: Combat; enemy: Enemy } | null = null;
  if (vanori === 'WOLF' || vanori === 'RAVEN') {
    const combat = play.state.combat;
    if (!combat || combat.status !== 'ACTIVE') refuse('NO_COMBAT', `the ${vanori.toLowerCase()}'s gift needs a combat under way`);
    if (!input.targetEnemyId) refuse('INVALID_BURN', 'name the enemy (targetEnemyId)');
    target = { combat, enemy: fightingEnemy(combat, input.targetEnemyId) };
  }

  // Burned before the gift applies: the card is on the discard pile at once (tenth-realm.md,
  // "The deck"), so a reshuffle for WOLF's morale card includes it.
  play.burn(input.characterId, input.cardId);
  let morale = null;
  switch (vanori) {
    case 'BEAR':
      sheet.pending.bearArmorD4 = true;
      break;
    case 'OX':
      sheet.pending.oxLongRest = true;
      break;
    case 'OWL':
      sheet.owlUsedInSession = play.state.world.session;
      sheet.pending.owlDoubleXp = true;
      break;
    case 'RAVEN':
      target!.enemy.damageStepDownPending = true;
      break;
    case 'WOLF':
      morale = moraleCheck(play, target!.combat, [target!.enemy], `${vanori} burn`);
      break;
    case 'CUSTOM':
      // An invented Vanori's ability is the GM's to adjudicate; the burn is recorded.
      break;
  }
  return { vanori, setUp: vanori === 'WOLF' ? 'MORALE_CHECK' : vanori === 'RAVEN' ? 'DAMAGE_STEP_DOWN' : vanori, morale, aid: 0 };
});
