/** Writes the GraphQL schema the server builds to schema.gql, for integrators to read without running it. */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { buildSchema } from '../schema.js';

writeFileSync('schema.gql', `${printSchema(await buildSchema())}\n`);
console.log('wrote schema.gql');
