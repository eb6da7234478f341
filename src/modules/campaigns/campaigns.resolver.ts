import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ParseIdPipe } from '../../common/id.pipe.js';
import { CurrentPrincipal } from '../auth/auth.guard.js';
import type { Principal } from '../auth/principal.js';
import { AddMemberInput, CreateCampaignInput, RotateSeedInput, SetClientSeedInput } from './campaign.inputs.js';
import {
  AddMemberPayload,
  Campaign,
  CreateCampaignPayload,
  Me,
  Member,
  RevealedSeed,
  RotateSeedPayload,
  SetClientSeedPayload,
} from './campaign.model.js';
import { CampaignsService } from './campaigns.service.js';

@Resolver(() => Campaign)
export class CampaignsResolver {
  constructor(private readonly service: CampaignsService) {}

  @Query(() => Me, { description: 'Who the API key belongs to.' })
  me(@CurrentPrincipal() principal: Principal): Me {
    return { role: principal.role, campaignId: principal.campaignId, memberId: principal.memberId, name: principal.name } as Me;
  }

  @Query(() => Campaign)
  campaign(@CurrentPrincipal() principal: Principal, @Args('id', { type: () => ID }, new ParseIdPipe('id')) id: string) {
    return this.service.findCampaign(principal, id);
  }

  @Query(() => [Campaign], { description: 'Every campaign for an ADMIN; the own campaign for a member.' })
  campaigns(@CurrentPrincipal() principal: Principal) {
    return this.service.listCampaigns(principal);
  }

  @Mutation(() => CreateCampaignPayload, { description: 'ADMIN: a new campaign and the key of its GM.' })
  createCampaign(@CurrentPrincipal() principal: Principal, @Args('input') input: CreateCampaignInput) {
    return this.service.createCampaign(principal, input);
  }

  @Mutation(() => AddMemberPayload, { description: 'GM: a new GM or player, and their key (shown once).' })
  addMember(@CurrentPrincipal() principal: Principal, @Args('input') input: AddMemberInput) {
    return this.service.addMember(principal, input);
  }

  @Mutation(() => RotateSeedPayload, {
    description: 'GM: reveal the current seed, commit a new one and reshuffle the draw piles under it.',
  })
  rotateSeed(@CurrentPrincipal() principal: Principal, @Args('input') input: RotateSeedInput) {
    return this.service.rotateSeed(principal, input);
  }

  @Mutation(() => SetClientSeedPayload, {
    description: "Any member: add a seed of your own to the next epoch's stream key, after the server committed to its seed and before the epoch begins.",
  })
  setClientSeed(@CurrentPrincipal() principal: Principal, @Args('input') input: SetClientSeedInput) {
    return this.service.setClientSeed(principal, input);
  }

  @ResolveField(() => [Member])
  members(@CurrentPrincipal() principal: Principal, @Parent() campaign: Campaign) {
    return this.service.listMembers(principal, campaign.id);
  }

  @ResolveField(() => [RevealedSeed], { description: 'Seeds revealed by rotateSeed, to verify earlier events.' })
  async revealedSeeds(@CurrentPrincipal() principal: Principal, @Parent() campaign: Campaign): Promise<RevealedSeed[]> {
    const seeds = await this.service.listRevealedSeeds(principal, campaign.id);
    return seeds.map((seed) => ({ epoch: seed.epoch, seed: seed.seed.toString('hex'), commitment: seed.commitment, clientSeeds: seed.clientSeeds, lastSeq: seed.lastSeq }));
  }
}
