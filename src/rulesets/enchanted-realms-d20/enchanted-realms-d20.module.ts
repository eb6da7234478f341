import { Module } from '@nestjs/common';
import { CharactersModule } from '../../modules/characters/characters.module.js';
import { EnchantedRealmsD20Actions } from './enchanted-realms-d20-actions.service.js';
import { EnchantedRealmsD20RestController } from './enchanted-realms-d20-rest.controller.js';
import { EnchantedRealmsD20Repository } from './enchanted-realms-d20.repository.js';
import { EnchantedRealmsD20CampaignResolver, EnchantedRealmsD20CharacterResolver, EnchantedRealmsD20Resolver } from './enchanted-realms-d20.resolver.js';
import { EnchantedRealmsD20Service } from './enchanted-realms-d20.service.js';
import { EnchantedRealmsD20Tables } from './enchanted-realms-d20.tables.js';

/** Enchanted Realms, d20 edition (enchanted-realms-d20.md): registers its campaign set-up and serves its mutations. */
@Module({
  controllers: [EnchantedRealmsD20RestController],
  imports: [CharactersModule],
  providers: [
    EnchantedRealmsD20Repository,
    EnchantedRealmsD20Tables,
    EnchantedRealmsD20Service,
    EnchantedRealmsD20Actions,
    EnchantedRealmsD20Resolver,
    EnchantedRealmsD20CampaignResolver,
    EnchantedRealmsD20CharacterResolver,
  ],
  exports: [EnchantedRealmsD20Actions],
})
export class EnchantedRealmsD20Module {}
