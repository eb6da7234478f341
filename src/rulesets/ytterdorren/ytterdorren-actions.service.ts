import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../modules/auth/principal.js';
import { loadCreatures } from '../../rules/ytterdorren/campaign.js';
import { createCharacter, damageCharacter, equipWeapon, gainItem, healCharacter, trade, useItem } from '../../rules/ytterdorren/characters.js';
import { characterAttack, damageFoe, endEncounter, foeAttack, startEncounter } from '../../rules/ytterdorren/encounter.js';
import { chooseStance, resolveRound, startSkirmish } from '../../rules/ytterdorren/skirmish.js';
import { requireDecider } from './ytterdorren.authority.js';
import type {
  YtterdorrenCharacterAmountInput,
  YtterdorrenCharacterAttackInput,
  YtterdorrenChooseStanceInput,
  YtterdorrenCreateCharacterInput,
  YtterdorrenDamageFoeInput,
  YtterdorrenEncounterInput,
  YtterdorrenEquipWeaponInput,
  YtterdorrenFoeAttackInput,
  YtterdorrenItemInput,
  YtterdorrenLoadCreaturesInput,
  YtterdorrenSkirmishInput,
  YtterdorrenStartEncounterInput,
  YtterdorrenStartSkirmishInput,
  YtterdorrenTradeInput,
  YtterdorrenUseItemInput,
} from './ytterdorren.inputs.js';
import type { YtterdorrenCampaign, YtterdorrenEncounter, YtterdorrenSkirmish } from './ytterdorren.model.js';
import { ENCOUNTER_KIND, SKIRMISH_KIND } from './ytterdorren.repository.js';
import { YtterdorrenService, type Played } from './ytterdorren.service.js';
import { checkedCreatureCards } from './ytterdorren.settings.js';
import { creatureCardView, encounterView, roundView, skirmishView } from './ytterdorren.views.js';

/**
 * Ytterdörren's mutations and reads (ytterdorren.md): who may make each (the AUTHORITY table,
 * src/rules/ytterdorren/authority.ts), which rule it plays and what it answers. The GM runs the
 * creatures and foes and vouches for the numbers from outside the rules; a player acts for their
 * own characters.
 */
@Injectable()
export class YtterdorrenActions {
  constructor(private readonly table: YtterdorrenService) {}

  // ---- characters and creature cards ------------------------------------------------------------

  async createCharacter(principal: Principal, input: YtterdorrenCreateCharacterInput) {
    requireDecider(principal, input.campaignId, 'ytterdorrenCreateCharacter', input);
    const result = await this.table.createCharacter(principal, input, createCharacter, { vita: input.vita, defense: input.defense, might: input.might });
    return { character: result.character, eventSeq: result.eventSeq };
  }

  async loadCreatures(principal: Principal, input: YtterdorrenLoadCreaturesInput) {
    requireDecider(principal, input.campaignId, 'ytterdorrenLoadCreatures', input);
    const creatures = checkedCreatureCards(input.creatures);
    const result = await this.table.play(principal, input.campaignId, loadCreatures, { creatures });
    return { creatures: result.after.campaign.creatures.map(creatureCardView), added: result.added, replaced: result.replaced, eventSeq: result.eventSeq };
  }

  async damageCharacter(principal: Principal, input: YtterdorrenCharacterAmountInput) {
    const campaignId = await this.characterCampaign(principal, input.characterId, 'ytterdorrenDamageCharacter', input);
    const result = await this.table.play(principal, campaignId, damageCharacter, { characterId: input.characterId, amount: input.amount });
    return { ...characterPayload(result, input.characterId), vitaBefore: result.vitaBefore, vita: result.vita };
  }

  async healCharacter(principal: Principal, input: YtterdorrenCharacterAmountInput) {
    const campaignId = await this.characterCampaign(principal, input.characterId, 'ytterdorrenHealCharacter', input);
    const result = await this.table.play(principal, campaignId, healCharacter, { characterId: input.characterId, amount: input.amount });
    return { ...characterPayload(result, input.characterId), vitaBefore: result.vitaBefore, vita: result.vita };
  }

  async gainItem(principal: Principal, input: YtterdorrenItemInput) {
    const campaignId = await this.characterCampaign(principal, input.characterId, 'ytterdorrenGainItem', input);
    return characterPayload(await this.table.play(principal, campaignId, gainItem, { characterId: input.characterId, item: input.item }), input.characterId);
  }

  /** Allowed during a skirmish; what the item does (used up, Vita given) is the GM's to say. */
  async useItem(principal: Principal, input: YtterdorrenUseItemInput) {
    const campaignId = await this.characterCampaign(principal, input.characterId, 'ytterdorrenUseItem', input);
    const result = await this.table.play(principal, campaignId, useItem, {
      characterId: input.characterId,
      item: input.item,
      consumed: input.consumed ?? undefined,
      vitaGained: input.vitaGained ?? undefined,
    });
    return { ...characterPayload(result, input.characterId), vitaBefore: result.vitaBefore, vita: result.vita };
  }

  /** Refused (RULE_VIOLATION) while a skirmish of the character runs. */
  async equipWeapon(principal: Principal, input: YtterdorrenEquipWeaponInput) {
    const campaignId = await this.characterCampaign(principal, input.characterId, 'ytterdorrenEquipWeapon', input);
    const result = await this.table.play(principal, campaignId, equipWeapon, { characterId: input.characterId, weapon: input.weapon ?? null });
    return { ...characterPayload(result, input.characterId), previous: result.previous, equippedWeapon: result.equippedWeapon };
  }

  /** The giving character's player (or the GM) trades; refused while either is in a skirmish. */
  async trade(principal: Principal, input: YtterdorrenTradeInput) {
    const campaignId = await this.characterCampaign(principal, input.fromCharacterId, 'ytterdorrenTrade', input);
    await this.table.characterInReach(principal, input.toCharacterId, campaignId);
    const result = await this.table.play(principal, campaignId, trade, {
      fromCharacterId: input.fromCharacterId,
      toCharacterId: input.toCharacterId,
      items: input.items,
      coins: input.coins,
    });
    return {
      from: result.playedCharacters.get(input.fromCharacterId)!,
      to: result.playedCharacters.get(input.toCharacterId)!,
      items: result.items,
      coins: result.coins,
      eventSeq: result.eventSeq,
    };
  }

  // ---- skirmishes ---------------------------------------------------------------------------------

  async startSkirmish(principal: Principal, input: YtterdorrenStartSkirmishInput) {
    requireDecider(principal, input.campaignId, 'ytterdorrenStartSkirmish', input);
    const skirmishId = randomUUID();
    const result = await this.table.play(principal, input.campaignId, startSkirmish, {
      skirmishId,
      characterIds: input.characterIds,
      creatureIds: input.creatureIds,
    });
    return { skirmish: skirmishOf(result, skirmishId), eventSeq: result.eventSeq };
  }

  async chooseStance(principal: Principal, input: YtterdorrenChooseStanceInput) {
    const campaignId = await this.table.fightCampaign(principal, 'Skirmish', input.skirmishId);
    requireDecider(principal, campaignId, 'ytterdorrenChooseStance', input);
    await this.table.ownCharacter(principal, input.characterId, campaignId);
    const result = await this.table.play(
      principal,
      campaignId,
      chooseStance,
      { skirmishId: input.skirmishId, characterId: input.characterId, stance: input.stance, targetCreatureId: input.targetCreatureId ?? undefined },
      { fight: { id: input.skirmishId, what: 'Skirmish' } },
    );
    return { skirmish: skirmishOf(result, input.skirmishId), round: result.round, stance: result.stance, targetCreatureId: result.targetCreatureId, waitingFor: result.waitingFor, eventSeq: result.eventSeq };
  }

  async resolveRound(principal: Principal, input: YtterdorrenSkirmishInput) {
    const campaignId = await this.table.fightCampaign(principal, 'Skirmish', input.skirmishId);
    requireDecider(principal, campaignId, 'ytterdorrenResolveRound', input);
    const result = await this.table.play(principal, campaignId, resolveRound, { skirmishId: input.skirmishId }, { fight: { id: input.skirmishId, what: 'Skirmish' } });
    return roundView(result, skirmishOf(result, input.skirmishId), result.eventSeq);
  }

  /** Any member of the campaign: nothing of a skirmish is hidden. Read only. */
  skirmishOdds(principal: Principal, input: YtterdorrenSkirmishInput) {
    return this.table.skirmishOdds(principal, input.skirmishId);
  }

  // ---- encounters ---------------------------------------------------------------------------------

  async startEncounter(principal: Principal, input: YtterdorrenStartEncounterInput) {
    requireDecider(principal, input.campaignId, 'ytterdorrenStartEncounter', input);
    const encounterId = randomUUID();
    const result = await this.table.play(principal, input.campaignId, startEncounter, {
      encounterId,
      characterIds: input.characterIds,
      foes: input.foes.map((foe, index) => ({ foeId: `f${index + 1}`, creatureId: foe.creatureId, difficulty: foe.difficulty })),
    });
    return { encounter: encounterOf(result, encounterId), eventSeq: result.eventSeq };
  }

  async foeAttack(principal: Principal, input: YtterdorrenFoeAttackInput) {
    const campaignId = await this.table.fightCampaign(principal, 'Encounter', input.encounterId);
    requireDecider(principal, campaignId, 'ytterdorrenFoeAttack', input);
    const result = await this.table.play(
      principal,
      campaignId,
      foeAttack,
      { encounterId: input.encounterId, foeId: input.foeId, targetCharacterId: input.targetCharacterId },
      { fight: { id: input.encounterId, what: 'Encounter' } },
    );
    const { black, white, d100, might, total, defense, hit, power, eventSeq } = result;
    return { foeId: input.foeId, targetCharacterId: input.targetCharacterId, black, white, d100, might, total, defense, hit, power, eventSeq };
  }

  async characterAttack(principal: Principal, input: YtterdorrenCharacterAttackInput) {
    const campaignId = await this.table.fightCampaign(principal, 'Encounter', input.encounterId);
    requireDecider(principal, campaignId, 'ytterdorrenCharacterAttack', input);
    await this.table.ownCharacter(principal, input.characterId, campaignId);
    const result = await this.table.play(
      principal,
      campaignId,
      characterAttack,
      { encounterId: input.encounterId, characterId: input.characterId, foeId: input.foeId },
      { fight: { id: input.encounterId, what: 'Encounter' } },
    );
    const { black, white, d100, might, total, defense, hit, eventSeq } = result;
    return { characterId: input.characterId, foeId: input.foeId, black, white, d100, might, total, defense, hit, eventSeq };
  }

  /** At 0 Vita the foe is defeated: every character of the encounter gets its Lore and Coins. */
  async damageFoe(principal: Principal, input: YtterdorrenDamageFoeInput) {
    const campaignId = await this.table.fightCampaign(principal, 'Encounter', input.encounterId);
    requireDecider(principal, campaignId, 'ytterdorrenDamageFoe', input);
    const result = await this.table.play(
      principal,
      campaignId,
      damageFoe,
      { encounterId: input.encounterId, foeId: input.foeId, amount: input.amount },
      { fight: { id: input.encounterId, what: 'Encounter' } },
    );
    const encounter = encounterOf(result, input.encounterId);
    return {
      foe: encounter.foes.find((foe) => foe.id === input.foeId)!,
      vitaBefore: result.vitaBefore,
      vita: result.vita,
      defeated: result.defeated,
      awards: result.awards,
      encounter,
      eventSeq: result.eventSeq,
    };
  }

  async endEncounter(principal: Principal, input: YtterdorrenEncounterInput) {
    const campaignId = await this.table.fightCampaign(principal, 'Encounter', input.encounterId);
    requireDecider(principal, campaignId, 'ytterdorrenEndEncounter', input);
    const result = await this.table.play(principal, campaignId, endEncounter, { encounterId: input.encounterId }, { fight: { id: input.encounterId, what: 'Encounter' } });
    return { encounter: encounterOf(result, input.encounterId), eventSeq: result.eventSeq };
  }

  // ---- reads --------------------------------------------------------------------------------------

  async findSkirmish(principal: Principal, id: string): Promise<YtterdorrenSkirmish> {
    const fight = await this.table.fight(principal, 'Skirmish', SKIRMISH_KIND, id);
    return skirmishView(fight, await this.table.sheets(principal, fight.campaignId));
  }

  async findEncounter(principal: Principal, id: string): Promise<YtterdorrenEncounter> {
    return encounterView(await this.table.fight(principal, 'Encounter', ENCOUNTER_KIND, id));
  }

  /** The campaign's creature cards and fights under way; null for a campaign of another ruleset. */
  async campaign(principal: Principal, campaignId: string): Promise<YtterdorrenCampaign | null> {
    const state = await this.table.campaignState(principal, campaignId);
    if (!state) return null;
    const active = await this.table.activeFights(principal, campaignId);
    const idsOf = (kind: string) => active.filter((fight) => fight.kind === kind).map((fight) => fight.id);
    return { creatures: state.creatures.map(creatureCardView), activeSkirmishIds: idsOf(SKIRMISH_KIND), activeEncounterIds: idsOf(ENCOUNTER_KIND) };
  }

  // ---- helpers ------------------------------------------------------------------------------------

  /** The campaign of the character an action names, once the caller may act for it (and decide its inputs). */
  private async characterCampaign(principal: Principal, characterId: string, action: string, input: object): Promise<string> {
    const { campaignId } = await this.table.characterInReach(principal, characterId);
    requireDecider(principal, campaignId, action, input);
    await this.table.ownCharacter(principal, characterId, campaignId);
    return campaignId;
  }
}

const characterPayload = (result: Played, characterId: string) => ({ character: result.playedCharacters.get(characterId)!, eventSeq: result.eventSeq });

const skirmishOf = (result: Played, id: string) => skirmishView(result.fights.get(id)!, result.after.characters);

const encounterOf = (result: Played, id: string) => encounterView(result.fights.get(id)!);
