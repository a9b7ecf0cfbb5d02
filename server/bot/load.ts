// BOT_MODULE: a module path (relative to the working directory, or absolute)
// whose default export is a Bot (interface.ts). Without one, the handoff bot.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { handoffBot } from './handoff-bot';
import type { Bot } from './interface';

export async function loadBot(path?: string): Promise<Bot> {
  if (!path) return handoffBot;
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
      `BOT_MODULE ${path} must export a bot as its default export: { name, onCustomerMessage(turn, tools) } (see server/bot/interface.ts)`,
    );
  if (typeof bot.name === 'string' && bot.name) return bot as Bot;
  // Bound: a class instance's method still sees its instance.
  return { name: path, onCustomerMessage: bot.onCustomerMessage.bind(bot) };
}
