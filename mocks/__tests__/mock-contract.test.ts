// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../common/contract';
import { MOCK_LIST_LENGTHS, mockContract, writeMockContract } from '../mock-contract';

type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a YAML tree

const messagesAnswer = (doc: Node) =>
  doc.paths['/api/conversations/{id}/messages'].get.responses['200'].content['application/json'].schema as Node;

describe('the contract Prism serves', () => {
  it('the contract bounds no conversation: its message list has no maxItems', () => {
    expect(messagesAnswer(loadOpenApi())).not.toHaveProperty('maxItems');
  });

  it('in the copy, generated data fills the message list to 5,000; nothing else changes', () => {
    const doc = loadOpenApi();
    const copy = mockContract(doc);
    expect(MOCK_LIST_LENGTHS.listConversationMessages).toBe(5000);
    expect(messagesAnswer(copy).maxItems).toBe(5000);
    expect(messagesAnswer(doc)).not.toHaveProperty('maxItems');
    delete messagesAnswer(copy).maxItems;
    expect(copy).toEqual(doc);
  });

  it('is written as a JSON file of its own and removed after', () => {
    const { file, remove } = writeMockContract();
    try {
      expect(messagesAnswer(JSON.parse(readFileSync(file, 'utf8')) as Node).maxItems).toBe(5000);
    } finally {
      remove();
    }
    expect(() => readFileSync(file)).toThrow();
  });
});
