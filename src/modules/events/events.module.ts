import { Global, Module } from '@nestjs/common';
import { EventsRepository } from './events.repository.js';
import { EventsResolver } from './events.resolver.js';
import { EventsService } from './events.service.js';
import { GameLedger } from './game-ledger.service.js';

/** The campaign log, and the ledger through which every mutation of a campaign goes. */
@Global()
@Module({
  providers: [EventsRepository, GameLedger, EventsService, EventsResolver],
  exports: [GameLedger, EventsRepository, EventsService],
})
export class EventsModule {}
