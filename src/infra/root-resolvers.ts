import {
  type ArgumentMetadata,
  type CanActivate,
  ForbiddenException,
  Injectable,
  type NestInterceptor,
  type PipeTransform,
  type Type,
} from '@nestjs/common';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { FORBIDDEN_MESSAGE } from '@nestjs/core/guards/constants.js';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { ExternalContextCreator, type ParamsFactory } from '@nestjs/core/helpers/external-context-creator.js';
import { ParamsTokenFactory } from '@nestjs/core/pipes/params-token-factory.js';
import {
  ARGS_TYPE_METADATA,
  PARAM_ARGS_METADATA,
  RESOLVER_NAME_METADATA,
  RESOLVER_PROPERTY_METADATA,
  RESOLVER_REFERENCE_METADATA,
  RESOLVER_TYPE_METADATA,
  type ResolverDecoratorHost,
  TypeMetadataStorage,
} from '@nestjs/graphql';
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';
import { isObservable, lastValueFrom } from 'rxjs';

type Handler = (...args: unknown[]) => unknown;

/** One of Nest's enhancer context creators: the guards, interceptors, pipes or filters of a handler. */
interface EnhancerCreator<T> {
  create(instance: object, callback: Handler, module: string, contextId?: unknown, inquirerId?: string): T;
}

/** What Nest's ExternalContextCreator keeps and does not expose: the enhancers of one handler, as Nest resolves them. */
interface EnhancerCreators {
  guardsContextCreator: EnhancerCreator<CanActivate[]>;
  interceptorsContextCreator: EnhancerCreator<NestInterceptor[]>;
  pipesContextCreator: EnhancerCreator<PipeTransform[]>;
  filtersContextCreator: EnhancerCreator<ExceptionsHandler>;
}

interface ExceptionsHandler {
  next(exception: unknown, host: ExecutionContextHost): unknown;
}

interface Param {
  index: number;
  type: number | string;
  data: unknown;
  schema?: ArgumentMetadata['schema'];
  pipes: PipeTransform[];
  extractValue: (...args: unknown[]) => unknown;
}

/** One Query or Mutation handler of a resolver class, found by the same metadata Nest's explorer reads. */
interface RootHandler {
  type: 'Query' | 'Mutation';
  field: string;
  instance: object;
  methodName: string;
  moduleKey: string;
  inquirerId?: string;
}

/** Where each of @nestjs/graphql's parameter kinds (`GqlParamtype`: ROOT, CONTEXT, INFO, ARGS) is in a resolver's arguments. */
const GQL_PARAM_POSITIONS = [0, 2, 3, 1];

/** A root resolver's arguments as the parameter decorators read them (@nestjs/graphql's `GqlParamsFactory`). */
const paramsFactory: ParamsFactory = {
  exchangeKeyForValue(type, data, args: unknown[]) {
    const value = args[GQL_PARAM_POSITIONS[type]];
    return data && value ? (value as Record<string, unknown>)[data as string] : value;
  },
};

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as PromiseLike<unknown>).then === 'function';

/**
 * The Query and Mutation resolvers, each called as Nest calls it — the same guards, parameter
 * decorators, pipes and exception filters, resolved by Nest for that handler, in the same order —
 * but as one function per field: the guards and pipes that answer at once are not awaited, and
 * there is no interceptor chain to build. Nest's own resolver makes a promise per step (guards,
 * each parameter, each pipe, the interceptors, the filter), ~8 % of a card draw's server time.
 *
 * A field keeps Nest's resolver when the handler has an interceptor, when its class is request-
 * or transient-scoped (Nest makes its instance per request) or provided as a value or by a
 * factory, when another class declares the same field, or when an argument class renames a
 * property (`@Field({ name })`, which Nest maps before its pipes). Field resolvers and
 * subscriptions are Nest's.
 */
@Injectable()
export class RootResolvers {
  private readonly tokens = new ParamsTokenFactory();
  private readonly scanner = new MetadataScanner();
  /** The fields resolved here, as `Type.field`. */
  readonly replaced = new Set<string>();

  private readonly creators: EnhancerCreators;

  constructor(
    private readonly modules: ModulesContainer,
    private readonly contextCreator: ExternalContextCreator,
  ) {
    this.creators = enhancerCreatorsOf(contextCreator);
  }

  /** Replaces the resolver of every Query and Mutation field it can call itself; the schema is changed in place. */
  apply(schema: GraphQLSchema, decoratorHost: ResolverDecoratorHost): GraphQLSchema {
    const handlers = this.rootHandlers();
    for (const [coordinate, handler] of handlers) {
      if (!handler) continue;
      const root = handler.type === 'Query' ? schema.getQueryType() : schema.getMutationType();
      const field = root?.getFields()[handler.field];
      const resolve = field && this.resolverOf(handler);
      if (!field || !resolve) continue;
      field.resolve = decoratorHost.decorate(resolve) as GraphQLFieldResolver<unknown, unknown>;
      this.replaced.add(coordinate);
    }
    return schema;
  }

  /** Each root field's handler; undefined where Nest's resolver stays (see the class's comment). */
  private rootHandlers(): Map<string, RootHandler | undefined> {
    const handlers = new Map<string, RootHandler | undefined>();
    for (const [moduleKey, moduleRef] of this.modules) {
      for (const wrapper of moduleRef.providers.values()) {
        const instance = wrapper.instance as object | undefined;
        if (!instance) continue;
        // Made by Nest from its class, once: a value or a factory's result, or a class made per request, keeps Nest's resolver.
        const plainInstance = !wrapper.isNotMetatype && wrapper.isDependencyTreeStatic();
        const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
        for (const methodName of this.scanner.getAllMethodNames(prototype)) {
          const method = prototype[methodName] as Handler;
          const type: unknown = Reflect.getMetadata(RESOLVER_TYPE_METADATA, method) ?? Reflect.getMetadata(RESOLVER_TYPE_METADATA, instance.constructor);
          if (type !== 'Query' && type !== 'Mutation') continue;
          const field = (Reflect.getMetadata(RESOLVER_NAME_METADATA, method) as string | undefined) ?? methodName;
          const coordinate = `${type}.${field}`;
          const inquirerId = moduleRef.entryProviders.find((item) => item.token === instance.constructor || item.instance === instance)?.id;
          const eligible =
            plainInstance &&
            !handlers.has(coordinate) &&
            !Reflect.getMetadata(RESOLVER_PROPERTY_METADATA, method) &&
            !Reflect.getMetadata(RESOLVER_REFERENCE_METADATA, method) &&
            !renamesFields(argumentClasses(instance.constructor, methodName));
          handlers.set(coordinate, eligible ? { type, field, instance, methodName, moduleKey, inquirerId } : undefined);
        }
      }
    }
    return handlers;
  }

  /** The handler called as Nest's ExternalContextCreator calls it; undefined where only Nest's will do. */
  private resolverOf({ instance, methodName, moduleKey, inquirerId }: RootHandler): ((...args: unknown[]) => Promise<unknown>) | undefined {
    const creators = this.creators;
    const callback = (instance as Record<string, Handler>)[methodName];
    if (creators.interceptorsContextCreator.create(instance, callback, moduleKey, undefined, inquirerId).length > 0) return undefined;
    const guards = creators.guardsContextCreator.create(instance, callback, moduleKey, undefined, inquirerId);
    const pipes = creators.pipesContextCreator.create(instance, callback, moduleKey, undefined, inquirerId);
    const exceptions = creators.filtersContextCreator.create(instance, callback, moduleKey, undefined, inquirerId);
    const { argsLength, paramtypes, getParamsMetadata } = this.contextCreator.getMetadata(instance, methodName, PARAM_ARGS_METADATA, paramsFactory, 'graphql');
    const params = ((getParamsMetadata(moduleKey, undefined, inquirerId) ?? []) as Param[]).map((param) => ({
      index: param.index,
      extractValue: param.extractValue,
      // What PipesConsumer hands each pipe: the parameter's kind as a token, its declared type, its name.
      metadata: {
        metatype: paramtypes?.[param.index] as Type | undefined,
        type: this.tokens.exchangeEnumForString(param.type as number),
        data: param.data as string | undefined,
        schema: param.schema,
      } satisfies ArgumentMetadata,
      pipes: [...pipes, ...param.pipes],
    }));
    const classRef = instance.constructor;

    return async (...args: unknown[]) => {
      try {
        if (guards.length > 0) {
          const context = new ExecutionContextHost(args, classRef as Type, callback);
          context.setType('graphql');
          for (const guard of guards) {
            let allowed = guard.canActivate(context);
            if (typeof allowed !== 'boolean') allowed = await awaited(allowed);
            if (!allowed) throw new ForbiddenException(FORBIDDEN_MESSAGE);
          }
        }
        const values = new Array<unknown>(argsLength);
        // Nest starts every parameter at once and waits for all of them: here they go one after
        // the other, in its order, and a parameter that fails does not stop the next ones either.
        let failed: { error: unknown } | undefined;
        for (const { index, extractValue, metadata, pipes: paramPipes } of params) {
          try {
            let value = extractValue(...args);
            if (isThenable(value)) value = await value;
            for (const pipe of paramPipes) {
              value = pipe.transform(value, metadata);
              if (isThenable(value)) value = await value;
            }
            values[index] = value;
          } catch (error) {
            failed ??= { error };
          }
        }
        if (failed) throw failed.error;
        const result: unknown = await callback.apply(instance, values);
        return isObservable(result) ? await lastValueFrom(result) : result;
      } catch (error) {
        const host = new ExecutionContextHost(args);
        host.setType('graphql');
        return exceptions.next(error, host);
      }
    };
  }
}

/** Nest's own context creators, read from its ExternalContextCreator: a Nest that no longer has them stops the start. */
function enhancerCreatorsOf(contextCreator: ExternalContextCreator): EnhancerCreators {
  const { guardsContextCreator, interceptorsContextCreator, pipesContextCreator, filtersContextCreator } = contextCreator as unknown as Partial<EnhancerCreators>;
  if (!guardsContextCreator?.create || !interceptorsContextCreator?.create || !pipesContextCreator?.create || !filtersContextCreator?.create) {
    throw new Error("RootResolvers: @nestjs/core's ExternalContextCreator no longer holds its guards, interceptors, pipes and filters context creators");
  }
  return { guardsContextCreator, interceptorsContextCreator, pipesContextCreator, filtersContextCreator };
}

/** A guard's answer that is a promise or an observable, as Nest's GuardsConsumer reads it. */
async function awaited(result: unknown): Promise<boolean> {
  const value: unknown = await result;
  return Boolean(isObservable(value) ? await lastValueFrom(value) : value);
}

interface ArgsType {
  index: number;
  typeFn?: () => unknown;
}

/** The argument and input classes a handler's `@Args` take, as Nest's argument mapper finds them. */
function argumentClasses(classRef: { prototype: object }, methodName: string): unknown[] {
  const argsTypes = (Reflect.getMetadata(ARGS_TYPE_METADATA, classRef, methodName) ?? []) as ArgsType[];
  const paramtypes = (Reflect.getMetadata('design:paramtypes', classRef.prototype, methodName) ?? []) as unknown[];
  return argsTypes.map(({ index, typeFn }) => unlisted(typeFn?.() ?? paramtypes[index])).filter((type) => typeof type === 'function');
}

const unlisted = (type: unknown): unknown => (Array.isArray(type) ? unlisted(type[0]) : type);

/** Whether one of these classes, or a class one of their fields takes, names a field otherwise than its property. */
function renamesFields(classes: unknown[]): boolean {
  const declared = [...TypeMetadataStorage.getArgumentsMetadata(), ...TypeMetadataStorage.getInputTypesMetadata()];
  const seen = new Set<unknown>();
  const queue = [...classes];
  for (let type = queue.pop(); type; type = queue.pop()) {
    if (seen.has(type)) continue;
    seen.add(type);
    for (let target: unknown = type; typeof target === 'function' && target.prototype; target = Object.getPrototypeOf(target)) {
      for (const property of declared.find((item) => item.target === target)?.properties ?? []) {
        if (property.schemaName !== property.name) return true;
        const fieldType = unlisted(property.typeFn?.());
        if (typeof fieldType === 'function') queue.push(fieldType);
      }
    }
  }
  return false;
}
