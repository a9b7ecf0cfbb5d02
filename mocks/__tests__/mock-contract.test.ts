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

  it('in the copy, generated data fills the message list to 5,000; nothing else changes but the tuples', () => {
    const doc = loadOpenApi();
    const copy = mockContract(doc);
    expect(MOCK_LIST_LENGTHS.listConversationMessages).toBe(5000);
    expect(messagesAnswer(copy).maxItems).toBe(5000);
    expect(messagesAnswer(doc)).not.toHaveProperty('maxItems');
    delete messagesAnswer(copy).maxItems;
    const week = (d: Node) => d.components.schemas.BotBusinessHours.properties.days as Node;
    week(copy).prefixItems = week(copy).items;
    delete week(copy).items;
    expect(copy).toEqual(doc);
  });

  it("in the copy, the week of business hours is draft 7's tuple, which Prism checks and generates day by day", () => {
    const hours = mockContract().components.schemas.BotBusinessHours as Node;
    const week = hours.properties.days as Node;
    expect(week).not.toHaveProperty('prefixItems');
    expect((week.items as Node[]).map((day) => day.properties.day.const)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    expect(week).toMatchObject({ minItems: 7, maxItems: 7 });
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
