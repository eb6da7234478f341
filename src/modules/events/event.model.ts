import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLJSONObject } from 'graphql-scalars';

@ObjectType({ description: 'One value drawn from the random stream: uniform(bound) gave value.' })
export class RandomDrawView {
  @Field(() => Float) bound!: number;
  @Field(() => Float) value!: number;
}

@ObjectType({ description: "An event's randomness, published once its seed is revealed." })
export class EventRandomness {
  @Field(() => Int, { description: 'The seq whose stream was used: the first event of the same mutation.' }) streamSeq!: number;
  @Field(() => Int) seedEpoch!: number;
  @Field(() => Int, { description: '32-bit words of the stream consumed.' }) words!: number;
  @Field(() => [RandomDrawView]) draws!: RandomDrawView[];
}

@ObjectType({ description: "An entry of the campaign's log, filtered for the viewer." })
export class GameEvent {
  @Field(() => Int, { description: 'Gap-free per campaign, from 1.' }) seq!: number;
  @Field(() => ID) campaignId!: string;
  @Field() type!: string;
  @Field(() => ID, { nullable: true, description: 'The member who acted; null for the ADMIN.' }) actorMemberId!: string | null;
  @Field() actorRole!: string;
  @Field(() => GraphQLJSONObject) payload!: object;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Hidden details (cards into a hand): for the GM and the owner only.' })
  secret!: object | null;
  @Field(() => EventRandomness, { nullable: true, description: 'Null until rotateSeed reveals the seed the event used.' })
  random!: EventRandomness | null;
  @Field() createdAt!: Date;
}

@ObjectType({ description: 'An outcome an event records that does not follow from its draws.' })
export class OutcomeProblem {
  @Field(() => Int) seq!: number;
  @Field() type!: string;
  @Field() problem!: string;
}

@ObjectType({ description: 'An event whose outcome could not be derived again from its draws, and why.' })
export class NotReplayedEvent {
  @Field(() => Int) seq!: number;
  @Field() type!: string;
  @Field() why!: string;
}

@ObjectType()
export class VerifyEventsResult {
  @Field(() => Int, { description: 'Events whose randomness was recomputed from revealed seeds (and their client seeds).' }) checked!: number;
  @Field(() => [Int], { description: 'Seqs whose randomness the revealed seed does not reproduce.' }) mismatches!: number[];
  @Field(() => [Int], { description: 'Epochs whose revealed seed does not match the commitment published for it.' }) badCommitments!: number[];
  @Field(() => Int, { description: 'Events whose outcome (faces, totals, shuffles, which card went where) was derived again from their draws.' })
  replayed!: number;
  @Field(() => [OutcomeProblem], { description: 'Outcomes that do not follow from the draws: a server that recorded honest draws but dishonest results.' })
  outcomeProblems!: OutcomeProblem[];
  @Field(() => [NotReplayedEvent], { description: 'Events whose outcome could not be derived again, and why.' }) notReplayed!: NotReplayedEvent[];
  @Field(() => Int, { description: 'Events under the current seed, checkable once it is rotated.' }) pending!: number;
}
