import { Global, Module } from '@nestjs/common';
import { DecksModule } from '../decks/decks.module.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CampaignsResolver } from './campaigns.resolver.js';
import { CampaignsService } from './campaigns.service.js';
import { MembersRepository } from './members.repository.js';

/** Campaigns and their members; its repositories serve every module (the ledger locks campaigns). */
@Global()
@Module({
  imports: [DecksModule],
  providers: [CampaignsRepository, MembersRepository, CampaignsService, CampaignsResolver],
  exports: [CampaignsRepository, MembersRepository],
})
export class CampaignsModule {}
