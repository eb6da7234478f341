import { Global, Module } from '@nestjs/common';
import { EncountersRepository } from './encounters.repository.js';

/** Every ruleset's encounters (combats, skirmishes): read here, written by the ledger. */
@Global()
@Module({ providers: [EncountersRepository], exports: [EncountersRepository] })
export class EncountersModule {}
