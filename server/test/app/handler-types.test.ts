// The handlers' types come from the contract (openapi.yaml, through the
// generated types): `tsc -p server` checks this file. The expectTypeOf lines
// pin what a handler sees and returns; each line after a @ts-expect-error
// must fail to compile, or tsc reports the unused directive. At run time the
// assertions do nothing.
import type { FastifyReply } from 'fastify';
import { describe, expectTypeOf, it } from 'vitest';
import type { BodyOf, components, OperationId, ParamsOf, QueryOf, ResponseOf } from '../../app/openapi/types';
import type { Handler, Handlers, HandlersFor } from '../../app/routes';

type Schemas = components['schemas'];
type RequestOf<Id extends OperationId> = Parameters<Handler<Id>>[0];

describe('handler types', () => {
  it('take params, query and JSON body from the operation', () => {
    expectTypeOf<keyof Handlers>().toEqualTypeOf<OperationId>();
    expectTypeOf<RequestOf<'login'>['body']>().toEqualTypeOf<Schemas['LoginRequest']>();
    expectTypeOf<RequestOf<'updateConversationStatus'>['body']>().toEqualTypeOf<Schemas['ConversationStatusUpdate']>();
    expectTypeOf<RequestOf<'getProduct'>['params']>().toEqualTypeOf<{ id: number }>();
    expectTypeOf<RequestOf<'getAnalyticsTimeline'>['query']>().toEqualTypeOf<{ days?: number }>();
    expectTypeOf<QueryOf<'searchConversations'>['status']>().toEqualTypeOf<Schemas['ConversationStatus'] | undefined>();
    expectTypeOf<ParamsOf<'markNotificationRead'>>().toEqualTypeOf<{ id: number }>();
    // No body, or a multipart form (read through products/form.ts): unknown.
    expectTypeOf<RequestOf<'getProduct'>['body']>().toBeUnknown();
    expectTypeOf<BodyOf<'createProduct'>>().toBeUnknown();
    expectTypeOf<BodyOf<'importProducts'>>().toBeUnknown();
    // No path or query parameters: unknown, so reading one does not compile.
    expectTypeOf<RequestOf<'login'>['params']>().toBeUnknown();
    expectTypeOf<RequestOf<'login'>['query']>().toBeUnknown();
  });

  it('return the JSON of the operation’s success responses', () => {
    expectTypeOf<ResponseOf<'login'>>().toEqualTypeOf<Schemas['SessionUser']>();
    expectTypeOf<ResponseOf<'createProduct'>>().toEqualTypeOf<Schemas['Product']>();
    expectTypeOf<ResponseOf<'listConversations'>>().toEqualTypeOf<Schemas['Conversation'][]>();
    // 204 and CSV answers have no JSON body: they are sent through the reply.
    expectTypeOf<ResponseOf<'deleteProduct'>>().toBeNever();
    expectTypeOf<ResponseOf<'exportProducts'>>().toBeNever();
    expectTypeOf<ReturnType<Handler<'getProduct'>>>().toEqualTypeOf<
      Promise<Schemas['Product'] | FastifyReply | void>
    >();
  });

  it('make a missing handler, an unknown operationId and a wrong field compile errors', () => {
    expectTypeOf(compileErrors).toBeFunction();
  });
});

/** Never called: only compiled. Every value is returned so that none is an unused local. */
function compileErrors(handlers: Handlers, withoutLogin: Omit<Handlers, 'login'>, login: Handler<'login'>) {
  const complete: Handlers = { ...withoutLogin, login };

  // A missing handler: there is none for login.
  // @ts-expect-error Property 'login' is missing
  const missing: Handlers = { ...withoutLogin };

  // A handler for an operationId the contract does not have.
  // @ts-expect-error Object literal may only specify known properties ('signIn')
  const unknownOperation: Handlers = { ...handlers, signIn: login };

  // A module's share naming an operationId the contract does not have.
  // @ts-expect-error Type '"signIn"' does not satisfy the constraint
  const unknownShare: HandlersFor<'signIn'> | undefined = undefined;

  // A request body field the contract does not have (LoginRequest has username).
  const wrongBodyField: Handler<'login'> = async (request) => {
    // @ts-expect-error Property 'user' does not exist on LoginRequest
    const { user, password } = request.body;
    return { id: 1, username: `${user}${password}` };
  };

  // A path parameter the contract does not have (getProduct's is id).
  const wrongParam: Handler<'getProduct'> = async (request, reply) => {
    // @ts-expect-error Property 'productId' does not exist on { id: number }
    const id: number = request.params.productId;
    return reply.code(404).send({ message: `no product ${id}` });
  };

  // A query parameter the contract does not have (getAnalyticsTimeline's is days).
  const wrongQuery: Handler<'getAnalyticsTimeline'> = async (request) => {
    // @ts-expect-error Property 'day' does not exist on { days?: number }
    const days: number = request.query.day;
    return [{ date: '2026-01-01', count: days }];
  };

  // A response field the contract does not have (SessionUser has username, not name).
  // @ts-expect-error Type 'Promise<{ id: number; name: string; }>' is not assignable
  const wrongResponseField: Handler<'getCurrentUser'> = async () => ({ id: 1, name: 'admin' });

  return [
    complete,
    missing,
    unknownOperation,
    unknownShare,
    wrongBodyField,
    wrongParam,
    wrongQuery,
    wrongResponseField,
  ];
}
