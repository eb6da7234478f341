import { Field, Float, Int, ObjectType } from '@nestjs/graphql';

@ObjectType()
export class RolledDie {
  @Field(() => Int) sides!: number;
  @Field(() => Int, { description: 'The face the die shows.' }) value!: number;
  @Field({ description: 'False when a keep/drop rule left it out of the total.' }) kept!: boolean;
  @Field({ description: 'True for an extra roll caused by an exploding die.' }) exploded!: boolean;
}

@ObjectType()
export class DiceRollPayload {
  @Field({ description: 'The expression as understood, normalized (e.g. "4d6kh3+2").' }) expression!: string;
  @Field(() => String, { nullable: true }) label!: string | null;
  @Field(() => Int) total!: number;
  @Field(() => [RolledDie], { description: 'Every die in roll order.' }) dice!: RolledDie[];
  @Field(() => Int) eventSeq!: number;
}

@ObjectType({ description: 'One total of a roll and its probability.' })
export class TotalProbability {
  @Field(() => Int) total!: number;
  @Field(() => Float) probability!: number;
}

@ObjectType()
export class AtLeastProbability {
  @Field(() => Int) value!: number;
  @Field(() => Float, { description: 'P(total ≥ value).' }) probability!: number;
}

@ObjectType({ description: "The exact odds of a dice expression's total, as rollDice would roll it." })
export class RollOddsPayload {
  @Field({ description: 'The expression as understood, normalized.' }) expression!: string;
  @Field(() => [TotalProbability], { description: 'Every total the roll can make, lowest first, with its probability (they sum to 1).' })
  distribution!: TotalProbability[];
  @Field(() => Float) mean!: number;
  @Field(() => AtLeastProbability, { nullable: true, description: 'P(total ≥ atLeast), when asked.' }) atLeast!: AtLeastProbability | null;
  @Field(() => Int, { description: 'Extra rolls per exploding die the distribution follows: the server rolls no more (10), 0 without explosions.' })
  explosionDepth!: number;
  @Field(() => Float, { description: 'Probability left out beyond that depth: 0, since the server stops there too.' }) probabilityBeyondDepth!: number;
  @Field(() => Float, { description: 'Probability that the depth stopped a chain that would have rolled on; included in the distribution as the server rolls it.' })
  probabilityCapped!: number;
}
