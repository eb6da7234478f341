import 'reflect-metadata';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import {
  type ArgumentMetadata,
  type ArgumentsHost,
  BadRequestException,
  type CallHandler,
  type CanActivate,
  Catch,
  type ExceptionFilter,
  type ExecutionContext,
  Global,
  Injectable,
  Module,
  type NestInterceptor,
  type PipeTransform,
  Scope,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
  ValidationPipe,
  createParamDecorator,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE, ModulesContainer } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator.js';
import {
  Args,
  Context,
  Field,
  GqlExecutionContext,
  GraphQLModule,
  GraphQLSchemaHost,
  Info,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  ResolverDecoratorHost,
} from '@nestjs/graphql';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { IsString, MaxLength } from 'class-validator';
import { type ExecutionResult, type GraphQLResolveInfo, type GraphQLSchema, execute, parse } from 'graphql';
import { map, of } from 'rxjs';
import { RootResolvers } from './root-resolvers.js';

/** Every call of a guard, pipe, decorator, interceptor and handler, in order: both paths must make the same. */
let calls: string[] = [];

interface TestContext {
  key: string;
  req: object;
}

@Injectable()
class KeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { key } = GqlExecutionContext.create(context).getContext<TestContext>();
    calls.push(`guard ${context.getType()} ${context.getClass().name}.${context.getHandler().name}`);
    if (key === 'throws') throw new BadRequestException('the guard threw');
    return key !== 'refused';
  }
}

@Injectable()
class PromisedGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    calls.push('promised guard');
    return GqlExecutionContext.create(context).getArgs<{ allow: boolean }>().allow;
  }
}

@Injectable()
class ObservedGuard implements CanActivate {
  canActivate(context: ExecutionContext) {
    calls.push('observed guard');
    return of(GqlExecutionContext.create(context).getArgs<{ allow: boolean }>().allow);
  }
}

const Caller = createParamDecorator((suffix: string, context: ExecutionContext) => {
  calls.push('caller decorator');
  return `${GqlExecutionContext.create(context).getContext<TestContext>().key}${suffix}`;
});

const PromisedCaller = createParamDecorator(async (_data: unknown, context: ExecutionContext) => {
  calls.push('promised caller decorator');
  return GqlExecutionContext.create(context).getContext<TestContext>().key;
});

/** The global pipe: what it is handed for each parameter, then Nest's ValidationPipe. */
class RecordingValidationPipe extends ValidationPipe {
  constructor() {
    super({ transform: true });
  }

  override transform(value: unknown, metadata: ArgumentMetadata) {
    calls.push(`global pipe ${metadata.type} ${metadata.data ?? '-'} ${metadata.metatype?.name ?? '-'}`);
    return super.transform(value, metadata);
  }
}

class Upper implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    calls.push(`upper ${metadata.type} ${metadata.data}`);
    if (value === 'bad') throw new BadRequestException('not that word');
    return value.toUpperCase();
  }
}

@Injectable()
class Exclaim implements PipeTransform<unknown, Promise<unknown>> {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    calls.push(`exclaim ${metadata.type}`);
    return typeof value === 'string' ? `${value}!` : value;
  }
}

@Injectable()
class Wrap implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler) {
    calls.push('interceptor');
    return next.handle().pipe(map((value: unknown) => `[${String(value)}]`));
  }
}

/** The global filter: hands GraphQL's errors back, as Arbiter's GraphQLErrorPassThrough does. */
@Catch()
class PassThrough implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    calls.push(`global filter ${host.getType()}`);
    return exception;
  }
}

@Catch(BadRequestException)
class Reword implements ExceptionFilter {
  catch(exception: BadRequestException) {
    calls.push('reword filter');
    return new BadRequestException(`reworded: ${exception.message}`);
  }
}

@InputType()
class NoteInput {
  @Field()
  @IsString()
  @MaxLength(5)
  text!: string;
}

@ObjectType()
class Note {
  @Field()
  text!: string;

  @Field()
  validated!: boolean;

  @Field(() => Int)
  length!: number;
}

@Resolver()
class NotesResolver {
  @Query(() => String)
  greeting(@Caller('?') caller: string, @Args('name', new Upper()) name: string) {
    calls.push('greeting');
    return `${caller} ${name}`;
  }

  @Query(() => String, { name: 'named' })
  otherwiseNamed(@Info() info: GraphQLResolveInfo, @Context('key') key: string) {
    return `${info.fieldName} for ${key}`;
  }

  @Query(() => String)
  promisedCaller(@PromisedCaller() caller: string) {
    return caller;
  }

  @Query(() => String)
  failing(): string {
    calls.push('failing');
    throw new BadRequestException('the handler failed');
  }

  @Query(() => String)
  observed() {
    return of('from an observable');
  }

  @Query(() => String)
  async later() {
    await new Promise((resolve) => setImmediate(resolve));
    return 'later';
  }

  @UseGuards(PromisedGuard)
  @Query(() => String)
  promisedGuard(@Args('allow') allow: boolean) {
    return `let through ${allow}`;
  }

  @UseGuards(ObservedGuard)
  @Query(() => String)
  observedGuard(@Args('allow') allow: boolean) {
    return `let through ${allow}`;
  }

  @UsePipes(Exclaim)
  @Query(() => String)
  exclaimed(@Args('word') word: string) {
    return word;
  }

  @UseFilters(Reword)
  @Query(() => String)
  reworded(@Args('word', new Upper()) word: string) {
    return word;
  }

  @UseInterceptors(Wrap)
  @Query(() => String)
  intercepted() {
    return 'inside';
  }

  @Mutation(() => Note)
  addNote(@Args('input') input: NoteInput, @Caller('') caller: string) {
    calls.push(`addNote by ${caller}`);
    return { text: input.text, validated: input instanceof NoteInput, length: input.text.length };
  }
}

@Resolver()
@Injectable({ scope: Scope.REQUEST })
class ScopedResolver {
  @Query(() => String)
  scoped() {
    return 'made for this request';
  }
}

@Resolver()
class ValueResolver {
  @Query(() => String)
  valued(@Caller('!') caller: string) {
    return `from a value, for ${caller}`;
  }
}

@InputType()
class RenamedInput {
  @Field({ name: 'label' })
  title!: string;
}

@Resolver()
class RenamingResolver {
  @Query(() => String)
  renamed(@Args('input') input: RenamedInput) {
    return input.title;
  }
}

@Resolver()
class FirstDuplicate {
  @Query(() => String)
  twice() {
    return 'first';
  }
}

@Resolver()
class SecondDuplicate {
  @Query(() => String)
  twice() {
    return 'second';
  }
}

@Global()
@Module({ providers: [RootResolvers], exports: [RootResolvers] })
class RootResolversModule {}

/** The test app's schema, with its root resolvers Nest's or {@link RootResolvers}'. */
async function schemaWith(lean: boolean): Promise<{ schema: GraphQLSchema; replaced: Set<string>; close: () => Promise<void> }> {
  const module = await Test.createTestingModule({
    imports: [
      RootResolversModule,
      GraphQLModule.forRootAsync<ApolloDriverConfig>({
        driver: ApolloDriver,
        inject: [RootResolvers, ResolverDecoratorHost],
        useFactory: (rootResolvers: RootResolvers, decoratorHost: ResolverDecoratorHost) => ({
          autoSchemaFile: true,
          sortSchema: true,
          transformSchema: lean ? (schema: GraphQLSchema) => rootResolvers.apply(schema, decoratorHost) : undefined,
        }),
      }),
    ],
    providers: [
      NotesResolver,
      ScopedResolver,
      RenamingResolver,
      FirstDuplicate,
      SecondDuplicate,
      { provide: 'VALUE_RESOLVER', useValue: new ValueResolver() },
      Exclaim,
      { provide: APP_GUARD, useClass: KeyGuard },
      { provide: APP_PIPE, useValue: new RecordingValidationPipe() },
      { provide: APP_FILTER, useClass: PassThrough },
    ],
  }).compile();
  const app = module.createNestApplication(new FastifyAdapter(), { logger: false });
  await app.init();
  return { schema: app.get(GraphQLSchemaHost).schema, replaced: app.get(RootResolvers).replaced, close: () => app.close() };
}

describe('RootResolvers: Query and Mutation resolvers called as Nest calls them', () => {
  let nest: Awaited<ReturnType<typeof schemaWith>>;
  let lean: Awaited<ReturnType<typeof schemaWith>>;

  beforeAll(async () => {
    nest = await schemaWith(false);
    lean = await schemaWith(true);
  });

  afterAll(async () => {
    await nest?.close();
    await lean?.close();
  });

  /** The operation's result and every call it made, on one schema. */
  async function run(schema: GraphQLSchema, source: string, key: string, variableValues?: Record<string, unknown>) {
    calls = [];
    const result = (await execute({ schema, document: parse(source), contextValue: { key, req: {} }, variableValues })) as ExecutionResult;
    return { result: JSON.parse(JSON.stringify(result)) as unknown, calls };
  }

  it('resolves every root field it can, and leaves to Nest the interceptor, the scoped class, the value, the renamed argument and the duplicate', () => {
    expect(nest.replaced.size).toBe(0);
    expect([...lean.replaced].sort()).toEqual([
      'Mutation.addNote',
      'Query.exclaimed',
      'Query.failing',
      'Query.greeting',
      'Query.later',
      'Query.named',
      'Query.observed',
      'Query.observedGuard',
      'Query.promisedCaller',
      'Query.promisedGuard',
      'Query.reworded',
    ]);
  });

  it.each([
    ['a custom decorator and a parameter pipe', '{ greeting(name: "ada") }', 'gm'],
    ['a parameter pipe refusing', '{ greeting(name: "bad") }', 'gm'],
    ['the global guard refusing', '{ greeting(name: "ada") }', 'refused'],
    ['the global guard throwing', '{ greeting(name: "ada") }', 'throws'],
    ['a renamed field, @Info and @Context', '{ named }', 'gm'],
    ['a custom decorator that answers with a promise', '{ promisedCaller }', 'gm'],
    ['the handler throwing', '{ failing }', 'gm'],
    ['an observable result', '{ observed }', 'gm'],
    ['an async handler', '{ later }', 'gm'],
    ['a guard that answers with a promise, letting through', '{ promisedGuard(allow: true) }', 'gm'],
    ['a guard that answers with a promise, refusing', '{ promisedGuard(allow: false) }', 'gm'],
    ['a guard that answers with an observable, letting through', '{ observedGuard(allow: true) }', 'gm'],
    ['a guard that answers with an observable, refusing', '{ observedGuard(allow: false) }', 'gm'],
    ['a method pipe (a class Nest makes)', '{ exclaimed(word: "hey") }', 'gm'],
    ['a method filter over a parameter pipe', '{ reworded(word: "bad") }', 'gm'],
    ['an interceptor (Nest’s resolver)', '{ intercepted }', 'gm'],
    ['a request-scoped class (Nest’s resolver)', '{ scoped }', 'gm'],
    ['a renamed input field (Nest’s resolver)', '{ renamed(input: { label: "x" }) }', 'gm'],
    ['a field two classes declare (Nest’s resolver)', '{ twice }', 'gm'],
    ['a resolver provided as a value (Nest’s resolver)', '{ valued }', 'gm'],
    ['a mutation with a validated input', 'mutation { addNote(input: { text: "hi" }) { text validated length } }', 'gm'],
    ['a mutation with an input the global pipe refuses', 'mutation { addNote(input: { text: "too long" }) { text } }', 'gm'],
    ['several root fields, one failing', '{ a: greeting(name: "x") b: failing c: greeting(name: "bad") d: named }', 'gm'],
  ])('%s: the same result and the same calls', async (_case, source, key) => {
    // Nest starts a field's parameters together, and graphql-js a query's fields: the calls of
    // different parameters or fields may interleave otherwise, so they are compared as a set.
    const inAnyOrder = ({ result, calls }: Awaited<ReturnType<typeof run>>) => ({ result, calls: [...calls].sort() });
    const expected = inAnyOrder(await run(nest.schema, source, key));
    expect(inAnyOrder(await run(lean.schema, source, key))).toEqual(expected);
    expect(expected.calls.length).toBeGreaterThan(0);
  });

  it('stops the start when Nest no longer holds the context creators it reads', () => {
    expect(() => new RootResolvers(new ModulesContainer(), {} as ExternalContextCreator)).toThrow(
      "RootResolvers: @nestjs/core's ExternalContextCreator no longer holds its guards, interceptors, pipes and filters context creators",
    );
  });

  it('fails or answers as Nest does, guard first, then each parameter through its pipes, then the handler', async () => {
    const refused = await run(lean.schema, '{ greeting(name: "ada") }', 'refused');
    expect(refused).toEqual({
      result: { data: null, errors: [{ message: 'Forbidden resource', locations: [{ line: 1, column: 3 }], path: ['greeting'] }] },
      calls: ['guard graphql NotesResolver.greeting', 'global filter graphql'],
    });
    const invalid = await run(lean.schema, 'mutation { addNote(input: { text: "too long" }) { text } }', 'gm');
    expect(invalid.result).toMatchObject({ data: null, errors: [{ message: 'Bad Request Exception', path: ['addNote'] }] });
    expect(await run(lean.schema, 'mutation { addNote(input: { text: "hi" }) { text validated length } }', 'gm')).toEqual({
      result: { data: { addNote: { text: 'hi', validated: true, length: 2 } } },
      calls: [
        'guard graphql NotesResolver.addNote',
        'caller decorator',
        'global pipe custom  String',
        'global pipe body input NoteInput',
        'addNote by gm',
      ],
    });
    expect((await run(lean.schema, '{ reworded(word: "bad") }', 'gm')).result).toMatchObject({ errors: [{ message: 'reworded: not that word' }] });
  });
});
