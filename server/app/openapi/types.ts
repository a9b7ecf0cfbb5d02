// The contract's types for the server: what openapi-typescript generates from
// openapi.yaml (`npm run generate`), and per operation the request and
// response types derived from it. Server code imports the generated types
// through this file only.
import type { components, operations } from '../../../common/generated/openapi-types';

export type { components, operations };

/** An operationId of openapi.yaml. */
export type OperationId = keyof operations;

type ParametersOf<Id extends OperationId> = operations[Id]['parameters'];
type Responses<Id extends OperationId> = operations[Id]['responses'];

/** The path parameters (never when the operation has none: Fastify then types request.params unknown). */
export type ParamsOf<Id extends OperationId> = NonNullable<ParametersOf<Id>['path']>;

/** The query parameters (never when the operation has none: Fastify then types request.query unknown). */
export type QueryOf<Id extends OperationId> = NonNullable<ParametersOf<Id>['query']>;

/**
 * The JSON request body. unknown when the operation takes none, or takes a
 * multipart form: such a form is read and checked by its own reader.
 */
export type BodyOf<Id extends OperationId> = [NonNullable<operations[Id]['requestBody']>] extends [
  { content: { 'application/json': infer Body } },
]
  ? Body
  : unknown;

/** A response's JSON body; never when it has none or it is not JSON. */
type JsonOf<Response> = [Response] extends [{ content: { 'application/json': infer Body } }] ? Body : never;

/**
 * The JSON bodies of the operation's success (2xx) responses, as a union.
 * never when no success response is JSON (204, a CSV file): such answers are
 * sent through the reply.
 */
export type ResponseOf<Id extends OperationId> = {
  [Status in keyof Responses<Id>]: `${Status & (number | string)}` extends `2${string}`
    ? JsonOf<Responses<Id>[Status]>
    : never;
}[keyof Responses<Id>];

/**
 * Fastify's route generic for the operation: params, query and body are the
 * contract's (Fastify validates them against the same schemas before the
 * handler runs). The reply stays untyped here; a handler's return value
 * carries the response type instead (see Handler in server/app/routes.ts).
 */
export type RouteOf<Id extends OperationId> = {
  Params: ParamsOf<Id>;
  Querystring: QueryOf<Id>;
  Body: BodyOf<Id>;
};
