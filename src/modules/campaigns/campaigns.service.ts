import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Transactional, Transactions } from '../../infra/transactions.js';
import { BadUserInputError, ForbiddenError, NotFoundError, RuleViolationError } from '../../common/errors.js';
import type { ClientSeed } from '../../rules/random/epoch-key.js';
import { commitmentOf } from '../../rules/random/random-stream.js';
import { refuseUnknownSettings, Rulesets } from '../../rulesets/kernel/rulesets.js';
import { hashApiKey, newApiKey } from '../auth/api-keys.js';
import { requireCampaignRole } from '../auth/auth.service.js';
import type { MemberRole, Principal } from '../auth/principal.js';
import { DecksService, type HeldHand } from '../decks/decks.service.js';
import { GameLedger, type CampaignAction } from '../events/game-ledger.service.js';
import { CampaignsRepository, type CampaignRecord, type CommittedSeed, type RevealedSeedRecord } from './campaigns.repository.js';
import { MembersRepository, type MemberRecord } from './members.repository.js';

/** What rotateSeed reveals, makes current and commits to, and what it made derivable. */
export interface SeedRotation {
  revealedSeed: string;
  revealedCommitment: string;
  revealedClientSeeds: ClientSeed[];
  newCommitment: string;
  clientSeeds: ClientSeed[];
  nextCommitment: string;
  lastEventSeq: number;
  handsMadeDerivable: HeldHand[];
}

/** A new secret seed and its public commitment. */
function committedSeed(): CommittedSeed {
  const seed = randomBytes(32);
  return { seed, commitment: commitmentOf(seed) };
}

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
    refuseUnknownSettings(ruleset, input.settings ?? {});
    const settings = ruleset.settings(input.settings ?? {});
    const id = randomUUID();
    await this.campaigns.insert({ id, name: input.name, ruleset: input.ruleset, settings }, committedSeed(), committedSeed());
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
   * Reveals the current seed (players' seeds: DESIGN.md) and makes the next one current, with the
   * members' seeds given for it; commits to a new next seed. The reveal lets anyone recompute
   * every earlier event, and so the order the draw piles were left in: they are reshuffled under
   * the new epoch's key. It would also let them recompute the cards dealt into hands, so it is
   * refused while any hand holds a card, unless the GM forces it (the answer says whose hands
   * that makes derivable).
   */
  @Transactional()
  async rotateSeed(principal: Principal, input: { campaignId: string; force?: boolean }): Promise<SeedRotation> {
    const { campaignId } = input;
    requireCampaignRole(principal, campaignId, 'GM');
    // A campaign made before seeds were committed to in advance gets its next one now.
    const current = (await this.campaigns.findNextSeed(campaignId)) ?? { ...committedSeed(), clientSeeds: [] };
    const next = committedSeed();
    const rotation = await this.ledger.act(principal, campaignId, async (action) => {
      const held = await this.decks.cardsHeld(campaignId);
      if (held.length > 0 && !input.force) {
        const holders = held.map((hand) => `${hand.holderId} (${hand.count})`).join(', ');
        throw new RuleViolationError({
          reason: 'CARDS_IN_HANDS',
          message: `Cards dealt under this seed are still in hands: ${holders}. Revealing it would let anyone work them out; put them back, or rotate with force: true`,
        });
      }
      const old = action.campaign;
      const lastSeq = action.record('seed.rotated', {
        epoch: old.seedEpoch,
        revealedCommitment: old.rngCommitment,
        newCommitment: current.commitment,
        clientSeeds: current.clientSeeds,
        nextCommitment: next.commitment,
        handsMadeDerivable: held,
      });
      return { old, lastSeq, held };
    });
    // After the move that records it: the seed's change moves the campaign on.
    const { old, lastSeq, held } = rotation;
    await this.campaigns.rotateSeed(
      campaignId,
      { epoch: old.seedEpoch, seed: old.rngSeed, commitment: old.rngCommitment, clientSeeds: old.clientSeeds, lastSeq },
      current,
      next,
    );
    await this.decks.reshuffleDrawPiles(principal, campaignId);
    return {
      revealedSeed: old.rngSeed.toString('hex'),
      revealedCommitment: old.rngCommitment,
      revealedClientSeeds: old.clientSeeds,
      newCommitment: current.commitment,
      clientSeeds: current.clientSeeds,
      nextCommitment: next.commitment,
      lastEventSeq: lastSeq,
      handsMadeDerivable: held,
    };
  }

  /**
   * A member adds a seed of their own to the next epoch's stream key (DESIGN.md, "Players'
   * seeds"): after the server committed to that epoch's seed, before the epoch begins, so neither
   * side alone chooses its outcomes. A member's later seed for the same epoch replaces theirs.
   */
  async setClientSeed(principal: Principal, input: { campaignId: string; clientSeed: string; epoch?: number | null }): Promise<{ eventSeq: number; epoch: number }> {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    if (principal.memberId === null) throw new ForbiddenError("Only a member of the campaign may add a seed to its stream: the ADMIN is none");
    const memberId = principal.memberId;
    return this.ledger.act(principal, input.campaignId, async (action) => {
      const current = action.campaign.seedEpoch;
      const epoch = input.epoch ?? current + 1;
      if (epoch <= current) {
        throw new RuleViolationError({
          reason: 'CLIENT_SEED_TOO_LATE',
          message: `Epoch ${epoch} has begun: its stream key was fixed when it began. Set a seed for epoch ${current + 1}, which begins at the next rotation`,
        });
      }
      if (epoch > current + 1) throw new BadUserInputError(`epoch must be the next one, ${current + 1}: only its seed is committed to yet`, 'epoch');
      const next = await this.campaigns.findNextSeed(input.campaignId);
      if (!next) {
        throw new RuleViolationError({ reason: 'NO_NEXT_COMMITMENT', message: "The next epoch's seed is not committed to yet: the GM rotates the seed once to commit to it" });
      }
      const clientSeeds = [...next.clientSeeds.filter((seed) => seed.memberId !== memberId), { memberId, clientSeed: input.clientSeed }];
      action.changes.saveNextClientSeeds(clientSeeds);
      const eventSeq = action.record('client-seed.set', { memberId, epoch, clientSeed: input.clientSeed, commitment: next.commitment });
      return { eventSeq, epoch };
    });
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
    // Members are told apart by name in the log and at the table: two of the same name could not be.
    const sameName = (other: string) => other.normalize('NFC').trim().toLowerCase() === name.normalize('NFC').trim().toLowerCase();
    const taken = (await this.members.listByCampaign(action.campaign.id)).find((member) => sameName(member.name));
    if (taken) throw new BadUserInputError(`A member of this campaign is already called '${taken.name}': give another name`, 'name');
    const apiKey = newApiKey();
    const member: MemberRecord = { id: randomUUID(), campaignId: action.campaign.id, name, role };
    await this.members.insert({ ...member, apiKeyHash: hashApiKey(apiKey) });
    action.record('member.added', { memberId: member.id, name, role });
    return { member, apiKey };
  }
}
