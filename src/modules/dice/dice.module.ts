import { Module } from '@nestjs/common';
import { DiceResolver } from './dice.resolver.js';
import { DiceService } from './dice.service.js';

@Module({ providers: [DiceService, DiceResolver], exports: [DiceService] })
export class DiceModule {}
