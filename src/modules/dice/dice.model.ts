import { Field, Int, ObjectType } from '@nestjs/graphql';

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
