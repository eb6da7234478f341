import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ForbiddenError, NotFoundError, RuleViolationError } from '../../common/errors.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import { MembersRepository } from '../../modules/campaigns/members.repository.js';
import { CharactersRepository, type CharacterOwner, type CharacterRecord } from '../../modules/characters/characters.repository.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import type { Rule } from '../../rules/kernel/outcome.js';
import { sameData } from '../../rules/plain-data.js';
import { AUTHORITY } from '../../rules/ytterdorren/authority.js';
import { campaignFromSettings } from '../../rules/ytterdorren/campaign.js';
import { ytterdorrenSkirmishOdds, type SkirmishOdds } from '../../rules/ytterdorren/odds.js';
import type { YtterdorrenState } from '../../rules/ytterdorren/state.js';
import { TableRunner } from '../kernel/table-runner.js';
import { Rulesets } from '../kernel/rulesets.js';
import { YTTERDORREN, YtterdorrenRepository, type FightRecord, type YtterdorrenCampaignState } from './ytterdorren.repository.js';
import { checkedSettings } from './ytterdorren.settings.js';
import { rowStatus, SHEET_KEY, sheetOf, YtterdorrenTables, type NewCharacterRow, type YtterdorrenScope } from './ytterdorren.tables.js';

export type YtterdorrenRule<I, R> = Rule<YtterdorrenState, I, R>;

/** What a move answers besides its rule's result. */
export interface Played {
  /** The seq of the move's (first) event. */
  eventSeq: number;
  /** Every character of the campaign as the move left it (named apart from a rule's own `characters`). */
  playedCharacters: Map<string, CharacterRecord>;
  /** The skirmishes and encounters the move saw, as it left them. */
  fights: Map<string, FightRecord>;
  /** The table after the move: what standing characters a skirmish waits for follows from it. */
  after: YtterdorrenState;
}

/**
 * Runs Ytterdörren's pure rules (src/rules/ytterdorren/) against a campaign: loads the table (the
 * sheets, the creature cards, the fights under way) inside the ledger's action, applies one rule,
 * writes back what changed and appends the rule's event. Access is checked before anything is
 * loaded for writing.
 */
@Injectable()
export class YtterdorrenService implements OnModuleInit {
  constructor(
    private readonly repository: YtterdorrenRepository,
    private readonly characters: CharactersRepository,
    private readonly members: MembersRepository,
    private readonly runner: TableRunner,
    private readonly tables: YtterdorrenTables,
    private readonly rulesets: Rulesets,
  ) {}

  onModuleInit(): void {
    this.rulesets.register({
      id: YTTERDORREN,
      name: 'Ytterdörren',
      description: 'd100 skirmishes with a Skirmish Counter, loot searches, and encounter foe attacks with black and white power dice.',
      authority: AUTHORITY,
      settingKeys: ['creaturePreset', 'creatures'],
      settings: (given) => checkedSettings(given),
      setUpCampaign: (action, settings) => this.setUpCampaign(action, settings),
    });
  }

  /** A new campaign gets its creature cards: the preset's (the example set by default) and its own. */
  private setUpCampaign(action: CampaignAction, settings: Record<string, unknown>): void {
    const checked = campaignFromSettings(settings);
    // checkedSettings refused anything campaignFromSettings would: this cannot fail.
    if (!checked.ok) throw new Error(`settings checked at creation no longer pass: ${checked.errors.join('; ')}`);
    const state: YtterdorrenCampaignState = { creatures: checked.campaign.creatures };
    action.changes.saveRulesetState(state);
  }

  // ---- access -------------------------------------------------------------------------------

  /** A character of the caller's campaign (NOT_FOUND otherwise; within `campaignId` when given). */
  async characterInReach(principal: Principal, characterId: string, campaignId?: string): Promise<CharacterOwner> {
    const character = await this.characters.findOwner(characterId);
    const outOfReach = (principal.role !== 'ADMIN' && principal.campaignId !== character?.campaignId) || (campaignId !== undefined && character?.campaignId !== campaignId);
    if (!character || outOfReach) throw new NotFoundError('Character', characterId);
    return character;
  }

  /** The character the caller acts for: of their campaign, and their own unless they are the GM. */
  async ownCharacter(principal: Principal, characterId: string, campaignId?: string): Promise<CharacterOwner> {
    const character = await this.characterInReach(principal, characterId, campaignId);
    if (!isGameMaster(principal, character.campaignId) && character.memberId !== principal.memberId) {
      throw new ForbiddenError('A player may only act for their own characters');
    }
    return character;
  }

  /** The campaign of a skirmish or encounter, or NOT_FOUND when the caller cannot see it. */
  async fightCampaign(principal: Principal, what: 'Skirmish' | 'Encounter', id: string): Promise<string> {
    const campaignId = await this.repository.findFightCampaignId(id);
    if (!campaignId || (principal.role !== 'ADMIN' && principal.campaignId !== campaignId)) throw new NotFoundError(what, id);
    return campaignId;
  }

  // ---- playing a rule -----------------------------------------------------------------------

  /** Applies one rule to the campaign's table and stores the outcome. */
  async play<I, R extends object>(principal: Principal, campaignId: string, rule: YtterdorrenRule<I, R>, input: I, scope: YtterdorrenScope = {}): Promise<R & Played> {
    const { result, loaded, after, eventSeq } = await this.runner.play(principal, campaignId, this.tables, scope, rule, input);
    const { rows, fights } = loaded.rows;
    const characters = new Map<string, CharacterRecord>(rows.map((row) => [row.id, row]));
    for (const [id, sheet] of Object.entries(after.characters)) {
      const row = rows.find((each) => each.id === id);
      if (row && sameData(loaded.state.characters[id], sheet)) continue;
      const base = row ?? { ...scope.newCharacter!, campaignId, sheet: {}, createdAt: new Date() };
      characters.set(id, { ...base, sheet: { ...base.sheet, [SHEET_KEY]: sheet } });
    }
    const played = new Map<string, FightRecord>();
    for (const [id, state] of Object.entries(after.encounters)) {
      const stored = fights.find((fight) => fight.id === id);
      played.set(id, { id, campaignId, kind: state.kind, status: rowStatus(state), state, createdAt: stored?.createdAt ?? new Date() });
    }
    return { ...result, eventSeq, playedCharacters: characters, fights: played, after };
  }

  /**
   * The odds of a skirmish from where it stands (rules/ytterdorren/odds.ts): read without writing
   * or drawing; an estimate uses its own generator, never the campaign's stream. Nothing of a
   * skirmish is hidden, so every member of the campaign gets the same answer.
   */
  async skirmishOdds(principal: Principal, skirmishId: string): Promise<SkirmishOdds> {
    const campaignId = await this.fightCampaign(principal, 'Skirmish', skirmishId);
    requireCampaignRole(principal, campaignId, 'PLAYER');
    const answer = await this.runner.read(principal, campaignId, this.tables, { fight: { id: skirmishId, what: 'Skirmish' } }, ({ state }) =>
      ytterdorrenSkirmishOdds(state, { skirmishId }),
    );
    if (!answer.ok) throw new RuleViolationError(answer.violation);
    return answer.odds;
  }

  /** Creates a character: the row and its sheet come from one rule (the GM vouches for its numbers). */
  async createCharacter<I extends object, R extends object>(
    principal: Principal,
    input: { campaignId: string; name: string; memberId?: string | null },
    rule: YtterdorrenRule<I & { characterId: string }, R>,
    ruleInput: I,
  ): Promise<R & Played & { character: CharacterRecord }> {
    const memberId = input.memberId ?? (principal.role === 'PLAYER' ? principal.memberId : null);
    if (memberId !== null && !(await this.members.findInCampaign(input.campaignId, memberId))) throw new NotFoundError('Member', memberId);
    const id = randomUUID();
    const newCharacter: NewCharacterRow = { id, memberId, name: input.name };
    const result = await this.play(principal, input.campaignId, rule, { ...ruleInput, characterId: id }, { newCharacter });
    return { ...result, character: result.playedCharacters.get(id)! };
  }

  // ---- reads --------------------------------------------------------------------------------

  /** The campaign's creature cards and fights under way; null for a campaign of another ruleset. */
  async campaignState(principal: Principal, campaignId: string): Promise<YtterdorrenCampaignState | null> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    return (await this.repository.findCampaignState(campaignId)) ?? null;
  }

  activeFights(principal: Principal, campaignId: string): Promise<FightRecord[]> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    return this.repository.listActiveFights(campaignId);
  }

  /** A skirmish or an encounter by id, of the kind asked for, or NOT_FOUND. */
  async fight(principal: Principal, what: 'Skirmish' | 'Encounter', kind: string, id: string): Promise<FightRecord> {
    const fight = await this.repository.findFight(id);
    if (!fight || fight.kind !== kind || (principal.role !== 'ADMIN' && principal.campaignId !== fight.campaignId)) throw new NotFoundError(what, id);
    return fight;
  }

  /** The Ytterdörren sheets of a campaign's characters, by id: whether a skirmish's characters still stand. */
  async sheets(principal: Principal, campaignId: string): Promise<YtterdorrenState['characters']> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    const rows = await this.characters.listByCampaign(campaignId);
    return Object.fromEntries(rows.flatMap((row) => (sheetOf(row) ? [[row.id, sheetOf(row)!]] : [])));
  }
}
