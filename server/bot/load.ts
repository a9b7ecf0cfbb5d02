// BOT_MODULE: a module path (relative to the working directory, or absolute)
// whose default export is a Bot (interface.ts), or "handoff" for the bot that
// hands every new conversation to staff. Without one, the catalogue bot.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { catalogueBot } from './catalogue';
import { handoffBot } from './handoff-bot';
import type { Bot } from './interface';

/** BOT_MODULE's value that names the handoff bot rather than a file. */
export const HANDOFF_BOT = 'handoff';

export async function loadBot(path?: string): Promise<Bot> {
  if (!path) return catalogueBot;
  if (path === HANDOFF_BOT) return handoffBot;
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(resolve(path)).href)) as { default?: unknown };
  } catch (error) {
    throw new Error(`BOT_MODULE ${path} could not be loaded: ${error instanceof Error ? error.message : error}`, {
      cause: error,
    });
  }
  const bot = module.default as Partial<Bot> | undefined;
  if (!bot || typeof bot !== 'object' || typeof bot.onCustomerMessage !== 'function')
    throw new Error(
      `BOT_MODULE ${path} must export a bot as its default export: { name, onCustomerMessage(turn, tools) } (see server/bot/interface.ts), or be "handoff"`,
    );
  if (typeof bot.name === 'string' && bot.name) return bot as Bot;
  // Bound: a class instance's method still sees its instance.
  return { name: path, onCustomerMessage: bot.onCustomerMessage.bind(bot) };
}
