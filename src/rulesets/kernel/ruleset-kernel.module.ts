import { Global, Module } from '@nestjs/common';
import { RulesetHooks } from '../ruleset-hooks.js';
import { TableRunner } from './table-runner.js';

/** What every ruleset's module builds on: the table runner and the registry of campaign set-ups. */
@Global()
@Module({ providers: [TableRunner, RulesetHooks], exports: [TableRunner, RulesetHooks] })
export class RulesetKernelModule {}
