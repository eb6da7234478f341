import { Module } from '@nestjs/common';
import { EnchantedRealmsRestController } from './enchanted-realms-rest.controller.js';
import { CharactersModule } from '../../modules/characters/characters.module.js';
import { DecksModule } from '../../modules/decks/decks.module.js';
import { EnchantedRealmsActions } from './enchanted-realms-actions.service.js';
import { EnchantedRealmsRepository } from './enchanted-realms.repository.js';
import { EnchantedRealmsCampaignResolver, EnchantedRealmsCharacterResolver, EnchantedRealmsResolver } from './enchanted-realms.resolver.js';
import { EnchantedRealmsService } from './enchanted-realms.service.js';
import { EnchantedRealmsTables } from './enchanted-realms.tables.js';

/** Enchanted Realms, card edition (enchanted-realms-cards.md): registers its campaign set-up and serves its mutations. */
@Module({
  controllers: [EnchantedRealmsRestController],
  imports: [CharactersModule, DecksModule],
  providers: [
    EnchantedRealmsRepository,
    EnchantedRealmsTables,
    EnchantedRealmsService,
    EnchantedRealmsActions,
    EnchantedRealmsResolver,
    EnchantedRealmsCharacterResolver,
    EnchantedRealmsCampaignResolver,
  ],
  exports: [EnchantedRealmsActions],
})
export class EnchantedRealmsModule {}
