import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Transactional, Transactions } from '../../infra/transactions.js';
import { BadUserInputError, ForbiddenError, NotFoundError } from '../../common/errors.js';
import { commitmentOf } from '../../rules/random/random-stream.js';
import { Rulesets } from '../../rulesets/kernel/rulesets.js';
import { hashApiKey, newApiKey } from '../auth/api-keys.js';
import { requireCampaignRole } from '../auth/auth.service.js';
import type { MemberRole, Principal } from '../auth/principal.js';
import { DecksService } from '../decks/decks.service.js';
import { GameLedger, type CampaignAction } from '../events/game-ledger.service.js';
import { CampaignsRepository, type CampaignRecord, type RevealedSeedRecord } from './campaigns.repository.js';
import { MembersRepository, type MemberRecord } from './members.repository.js';

@Injectable()
export class CampaignsService {
  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly members: MembersRepository,
    private readonly ledger: GameLedger,
    private readonly decks: DecksService,
    private readonly rulesets: Rulesets,
    readonly transactions: Transactions,
  ) {}

  /** Writes the campaign, its GM and what its ruleset sets up (members and seeds are not a move's): one transaction. */
  @Transactional()
  async createCampaign(
    principal: Principal,
    input: { name: string; ruleset: string; gmName?: string; settings?: Record<string, unknown> },
  ): Promise<{ campaign: CampaignRecord; gm: MemberRecord; gmKey: string }> {
    if (principal.role !== 'ADMIN') throw new ForbiddenError('Only an ADMIN may create campaigns');
    const ruleset = this.rulesets.find(input.ruleset);
    if (!ruleset) {
      const known = this.rulesets.list().map((each) => each.id);
      throw new BadUserInputError(`Unknown ruleset '${input.ruleset}'; known rulesets: ${known.join(', ')}`, 'ruleset', {
        knownRulesets: known,
      });
    }
    const settings = ruleset.settings(input.settings ?? {});
    const rngSeed = randomBytes(32);
    const id = randomUUID();
    await this.campaigns.insert({
      id,
      name: input.name,
      ruleset: input.ruleset,
      settings,
      rngSeed,
      rngCommitment: commitmentOf(rngSeed),
    });
    const { gm, gmKey } = await this.ledger.act(principal, id, async (action) => {
      action.record('campaign.created', { name: input.name, ruleset: input.ruleset, rngCommitment: action.campaign.rngCommitment });
      const { member, apiKey } = await this.admitMember(action, input.gmName ?? 'GM', 'GM');
      await ruleset.setUpCampaign(action, settings);
      return { gm: member, gmKey: apiKey };
    });
    const campaign = await this.campaigns.findById(id);
    return { campaign: campaign!, gm, gmKey };
  }

  @Transactional()
  async addMember(
    principal: Principal,
    input: { campaignId: string; name: string; role: MemberRole },
  ): Promise<{ member: MemberRecord; apiKey: string }> {
    requireCampaignRole(principal, input.campaignId, 'GM');
    return this.ledger.act(principal, input.campaignId, (action) => this.admitMember(action, input.name, input.role));
  }

  /**
   * Reveals the current seed and commits a new one. The reveal lets anyone recompute every
   * earlier event, and so the order the draw piles were left in: they are reshuffled under the
   * new seed, keeping the cards still to come secret.
   */
  @Transactional()
  async rotateSeed(
    principal: Principal,
    campaignId: string,
  ): Promise<{ revealedSeed: string; revealedCommitment: string; newCommitment: string; lastEventSeq: number }> {
    requireCampaignRole(principal, campaignId, 'GM');
    const rotation = await this.ledger.act(principal, campaignId, async (action) => {
      const next = randomBytes(32);
      const newCommitment = commitmentOf(next);
      const old = action.campaign;
      const lastSeq = action.record('seed.rotated', {
        epoch: old.seedEpoch,
        revealedCommitment: old.rngCommitment,
        newCommitment,
      });
      return { old, next, newCommitment, lastSeq };
    });
    // After the move that records it: the seed's change moves the campaign on.
    const { old, next, newCommitment, lastSeq } = rotation;
    await this.campaigns.rotateSeed(
      campaignId,
      { epoch: old.seedEpoch, seed: old.rngSeed, commitment: old.rngCommitment, lastSeq },
      { seed: next, commitment: newCommitment },
    );
    await this.decks.reshuffleDrawPiles(principal, campaignId);
    return { revealedSeed: old.rngSeed.toString('hex'), revealedCommitment: old.rngCommitment, newCommitment, lastEventSeq: lastSeq };
  }

  async findCampaign(principal: Principal, id: string): Promise<CampaignRecord> {
    requireCampaignRole(principal, id, 'PLAYER');
    const campaign = await this.campaigns.findById(id);
    if (!campaign) throw new NotFoundError('Campaign', id);
    return campaign;
  }

  async listCampaigns(principal: Principal): Promise<CampaignRecord[]> {
    if (principal.role === 'ADMIN') return this.campaigns.listAll();
    const own = await this.campaigns.findById(principal.campaignId);
    return own ? [own] : [];
  }

  async listMembers(principal: Principal, campaignId: string): Promise<MemberRecord[]> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    return this.members.listByCampaign(campaignId);
  }

  async listRevealedSeeds(principal: Principal, campaignId: string): Promise<RevealedSeedRecord[]> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    return this.campaigns.listRevealedSeeds(campaignId);
  }

  private async admitMember(action: CampaignAction, name: string, role: MemberRole): Promise<{ member: MemberRecord; apiKey: string }> {
    const apiKey = newApiKey();
    const member: MemberRecord = { id: randomUUID(), campaignId: action.campaign.id, name, role };
    await this.members.insert({ ...member, apiKeyHash: hashApiKey(apiKey) });
    action.record('member.added', { memberId: member.id, name, role });
    return { member, apiKey };
  }
}
