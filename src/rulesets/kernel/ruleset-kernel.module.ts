import { Global, Module } from '@nestjs/common';
import { Rulesets } from './rulesets.js';
import { TableRunner } from './table-runner.js';

/** What every ruleset's module builds on: the table runner and the registry of campaign set-ups. */
@Global()
@Module({ providers: [TableRunner, Rulesets], exports: [TableRunner, Rulesets] })
export class RulesetKernelModule {}
