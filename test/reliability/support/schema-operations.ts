import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isInputObjectType,
  isLeafType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

/** The root operation types a schema may have, in the order they are listed. */
export type OperationKind = 'query' | 'mutation' | 'subscription';

/** One root field of the schema: what a client can ask for. */
export interface RootOperation {
  kind: OperationKind;
  name: string;
  field: GraphQLField<unknown, unknown>;
}

/** The schema a running server serves, read by introspection (so new operations are seen). */
export async function introspectSchema(url: string, key: string): Promise<GraphQLSchema> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  const body = (await response.json()) as { data?: IntrospectionQuery; errors?: unknown };
  if (!body.data) throw new Error(`introspection failed: ${JSON.stringify(body.errors)}`);
  return buildClientSchema(body.data);
}

/** Every Query, Mutation and Subscription field of the schema. */
export function rootOperations(schema: GraphQLSchema): RootOperation[] {
  const roots: Array<[OperationKind, ReturnType<GraphQLSchema['getQueryType']>]> = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  return roots.flatMap(([kind, type]) =>
    type ? Object.values(type.getFields()).map((field) => ({ kind, name: field.name, field })) : [],
  );
}

/** The input object type of a mutation's single `input:` argument, if it has one. */
export function inputTypeOf(operation: RootOperation): GraphQLInputObjectType | undefined {
  const input = operation.field.args.find((arg) => arg.name === 'input');
  const type = input && getNamedType(input.type);
  return type && isInputObjectType(type) ? type : undefined;
}

/**
 * A document for one operation: a variable for each argument named in `variables` (so an
 * argument with a default can be left out), and the given selection set.
 */
export function operationDocument(operation: RootOperation, variables: Record<string, unknown>, selection: string): string {
  const args = operation.field.args.filter((arg) => arg.name in variables);
  const definitions = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const uses = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  return `${operation.kind}${definitions ? ` (${definitions})` : ''} { ${operation.name}${uses ? `(${uses})` : ''} ${selection} }`;
}

/** The least a request can select: nothing of a leaf, `__typename` of an object. */
export function shallowSelection(type: GraphQLOutputType): string {
  return isLeafType(getNamedType(type)) ? '' : '{ __typename }';
}

/** Fields that can be selected without arguments (those with required arguments are left out). */
function selectableFields(type: GraphQLOutputType): Array<GraphQLField<unknown, unknown>> {
  const named = getNamedType(type);
  if (!isObjectType(named)) return [];
  return Object.values(named.getFields()).filter((field) => field.args.every((arg) => !isNonNullType(arg.type) || arg.defaultValue !== undefined));
}

function selectionOf(type: GraphQLOutputType, depth: number): string {
  if (isLeafType(getNamedType(type))) return '';
  const parts = selectableFields(type).flatMap((field) => {
    if (isLeafType(getNamedType(field.type))) return [field.name];
    if (depth <= 1) return [];
    const inner = selectionOf(field.type, depth - 1);
    return inner ? [`${field.name} ${inner}`] : [];
  });
  return `{ __typename ${parts.join(' ')} }`;
}

/** Every field of a response to `depth` levels of objects, in one selection set. */
export function fullSelection(type: GraphQLOutputType, depth = 4): string {
  return selectionOf(type, depth);
}

/**
 * Everything a response can show, to `depth` levels of objects, as several selection sets: one
 * per field of the result (with the result's own leaves in each), so that each request stays
 * within the server's cost limits while together they read every field.
 */
export function deepSelections(type: GraphQLOutputType, depth = 5): string[] {
  if (isLeafType(getNamedType(type))) return [''];
  const fields = selectableFields(type);
  const leaves = fields.filter((field) => isLeafType(getNamedType(field.type))).map((field) => field.name);
  const objects = fields.filter((field) => !isLeafType(getNamedType(field.type)));
  const base = ['__typename', ...leaves].join(' ');
  if (objects.length === 0 || depth <= 1) return [`{ ${base} }`];
  return objects.map((field) => `{ ${base} ${field.name} ${selectionOf(field.type, depth - 1)} }`);
}
