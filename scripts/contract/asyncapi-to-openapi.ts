// Wraps the message payload schemas of asyncapi.yaml into a minimal OpenAPI
// document (one pseudo-operation per message) so orval can emit zod schemas and
// types for the socket payloads from the same source the server is held to.
// Output: .tmp/asyncapi.openapi.json (not committed; input of orval's `realtime` project).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

type Json = Record<string, unknown>;

const asyncapi = parse(readFileSync('asyncapi.yaml', 'utf8')) as {
  info: { title: string; version: string };
  components: { messages: Record<string, { name: string; payload: { $ref: string } }>; schemas: Json };
};

// AsyncAPI refs point at #/components/schemas/…, as OpenAPI's do, so schemas move across as they are.
const paths: Json = {};
for (const [key, message] of Object.entries(asyncapi.components.messages)) {
  paths[`/realtime/${message.name}`] = {
    get: {
      operationId: `${key}Event`,
      summary: `Payload of the '${message.name}' socket message`,
      responses: {
        '200': {
          description: message.name,
          content: { 'application/json': { schema: { $ref: message.payload.$ref } } },
        },
      },
    },
  };
}

const doc = {
  openapi: '3.1.0',
  info: { title: `${asyncapi.info.title} (payloads)`, version: asyncapi.info.version },
  paths,
  components: { schemas: asyncapi.components.schemas },
};

mkdirSync('.tmp', { recursive: true });
writeFileSync('.tmp/asyncapi.openapi.json', JSON.stringify(doc, null, 2));
console.log(`asyncapi → .tmp/asyncapi.openapi.json (${Object.keys(paths).length} messages)`);
