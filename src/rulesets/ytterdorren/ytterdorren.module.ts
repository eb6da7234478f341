import { Module } from '@nestjs/common';
import { CharactersModule } from '../../modules/characters/characters.module.js';
import { YtterdorrenActions } from './ytterdorren-actions.service.js';
import { YtterdorrenRestController } from './ytterdorren-rest.controller.js';
import { YtterdorrenRepository } from './ytterdorren.repository.js';
import { YtterdorrenCampaignResolver, YtterdorrenCharacterResolver, YtterdorrenResolver } from './ytterdorren.resolver.js';
import { YtterdorrenService } from './ytterdorren.service.js';
import { YtterdorrenTables } from './ytterdorren.tables.js';

/** Ytterdörren (ytterdorren.md): registers its campaign set-up and serves its mutations, queries and REST routes. */
@Module({
  controllers: [YtterdorrenRestController],
  imports: [CharactersModule],
  providers: [YtterdorrenRepository, YtterdorrenTables, YtterdorrenService, YtterdorrenActions, YtterdorrenResolver, YtterdorrenCharacterResolver, YtterdorrenCampaignResolver],
  exports: [YtterdorrenActions],
})
export class YtterdorrenModule {}
