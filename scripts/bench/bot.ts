// `npm run bench:bot`: the catalogue bot (server/bot/catalogue) on what
// customers really write: the corpus of server/test/bot/fixtures/corpus/messages.ts, in
// English, Swahili, Sheng and mixed, against the demo catalogue.
//
// Prints how many messages understand() gets right per intent and per
// language (count, right, %) and overall, judged as the corpus test judges
// them (server/test/bot/fixtures/corpus/score.ts), with every miss; then the time per
// message, mean, p50 and p95, over the corpus repeated until `--seconds` have
// passed:
//
//   understand   understand(text, catalogue) alone
//   whole turn   catalogueBot.onCustomerMessage with in-memory tools and the
//                default settings (openapi.yaml's BotSettingsDefaults): the
//                corpus in its order as one customer's messages, a new
//                conversation after each hand-over, as when staff take over
//
// Then the whole dialogues of server/test/bot/fixtures/corpus/dialogues.ts, each played as
// one conversation and judged turn by turn as the dialogue test judges them
// (server/test/bot/fixtures/corpus/dialogue-score.ts): how many pass, per language, and
// every miss (the dialogue, the turn, what was expected and what happened).
//
// In process, no server and no database: the bot's own cost. The figures
// are printed, never judged (the corpus test judges accuracy): the exit code
// is 0 unless something fails to run.
//
//   --seconds (2)   the least time each timing runs for
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { catalogueBot } from '../../server/bot/catalogue';
import { understand } from '../../server/bot/catalogue/understand';
import { CORPUS, corpusCatalogue, type CorpusEntry } from '../../server/test/bot/fixtures/corpus/messages';
import { botSettingsDefaults } from '../../server/modules/bot-settings/defaults';
import { HELD_OUT } from '../../server/test/bot/fixtures/held-out/messages';
import { INTENTS, LANGUAGES, isRight, missLine, percent } from '../../server/test/bot/fixtures/corpus/score';
import { missLines, scoreDialogues } from '../../server/test/bot/fixtures/corpus/dialogue-score';
import { DIALOGUES } from '../../server/test/bot/fixtures/corpus/dialogues';
import type { BotSettings, BotTools, BotTurn } from '../../server/bot/interface';
import { ms, summarize } from './stats';

const { values: options } = parseArgs({ options: { seconds: { type: 'string', default: '2' } } });
const seconds = Number(options.seconds);
if (!(seconds > 0)) {
  console.error('usage: npm run bench:bot -- [--seconds 2]');
  process.exit(2);
}

/** openapi.yaml's BotSettingsDefaults: what the bot works with until staff save settings. */
const DEFAULT_SETTINGS: BotSettings = botSettingsDefaults();

const catalogue = corpusCatalogue();
const count = (n: number) => n.toLocaleString('en-US');
/** Times below a millisecond in µs, so they read. */
const time = (value: number) =>
  Number.isFinite(value) && value < 1 ? `${(value * 1000).toFixed(value < 0.01 ? 1 : 0)} µs` : ms(value);
const pct = (right: number, total: number) => `${percent(right, total).toFixed(1)} %`;

/** Prints rows under a header, the first column left-aligned and the others right-aligned. */
function table(header: string[], rows: string[][]) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  for (const row of [header, ...rows])
    console.log(`  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')}`);
}

// ---------------------------------------------------------------------------
// Accuracy.

type Judged = { entry: CorpusEntry; right: boolean; line: string };

function accuracy(): { right: number; total: number } {
  const judged: Judged[] = CORPUS.map((entry) => {
    const got = understand(entry.text, catalogue);
    return { entry, right: isRight(entry, got), line: missLine(entry, got) };
  });
  const row = (label: string, of: Judged[]) => {
    const right = of.filter((j) => j.right).length;
    return [label, count(of.length), count(right), pct(right, of.length)];
  };
  console.log('\naccuracy per intent (as the corpus test judges it)');
  table(
    ['intent', 'messages', 'right', '%'],
    [
      ...INTENTS.map((intent) =>
        row(
          intent,
          judged.filter((j) => j.entry.intent === intent),
        ),
      ),
      row(
        '  of which not found',
        judged.filter((j) => j.entry.notFound !== undefined),
      ),
      row(
        'with typos',
        judged.filter((j) => j.entry.typos),
      ),
    ],
  );
  console.log('\naccuracy per language');
  table(
    ['language', 'messages', 'right', '%'],
    [
      ...LANGUAGES.map((language) =>
        row(
          language,
          judged.filter((j) => j.entry.language === language),
        ),
      ),
      row('all', judged),
    ],
  );
  const misses = judged.filter((j) => !j.right);
  if (misses.length > 0) {
    console.log(`\nmisses (${misses.length}):`);
    for (const { line } of misses) console.log(`  ${line}`);
  }
  return { right: judged.length - misses.length, total: judged.length };
}

/** The held-out messages (server/test/bot/fixtures/held-out): never tuned on, so the figure to expect on new wording. */
function heldOutAccuracy(): { right: number; total: number } {
  const judged = HELD_OUT.map((entry) => {
    const got = understand(entry.text, catalogue);
    return { entry, right: isRight(entry, got), line: missLine(entry, got) };
  });
  const row = (label: string, of: typeof judged) => {
    const right = of.filter((j) => j.right).length;
    return [label, count(of.length), count(right), pct(right, of.length)];
  };
  console.log('\nheld-out accuracy (messages the bot was never tuned on)');
  table(
    ['language', 'messages', 'right', '%'],
    [
      ...LANGUAGES.map((language) =>
        row(
          language,
          judged.filter((j) => j.entry.language === language),
        ),
      ),
      row('all', judged),
    ],
  );
  const misses = judged.filter((j) => !j.right);
  for (const { line } of misses) console.log(`  ${line}`);
  return { right: judged.length - misses.length, total: judged.length };
}

/** The whole dialogues: how many pass, per language, and every turn that missed. */
async function dialogueAccuracy(): Promise<{ passed: number; total: number }> {
  const { results, passed, total, byLanguage } = await scoreDialogues(DIALOGUES);
  console.log('\nwhole dialogues (each one conversation; a dialogue passes when every turn does)');
  table(
    ['language', 'dialogues', 'passed', '%'],
    [
      ...LANGUAGES.map((language) => {
        const { passed: p, total: t } = byLanguage[language];
        return [language, count(t), count(p), pct(p, t)];
      }),
      ['all', count(total), count(passed), pct(passed, total)],
    ],
  );
  const misses = results.flatMap(missLines);
  if (misses.length > 0) {
    console.log(`\nmissed turns (${misses.length}):`);
    for (const line of misses) console.log(`  ${line}`);
  }
  return { passed, total };
}

// ---------------------------------------------------------------------------
// Timing.

type Timing = { samples: number[]; elapsedMs: number };

/**
 * Calls `step` for each corpus entry in turn, the corpus over and over, until `seconds` have passed;
 * `warmed` is called after a first pass, which is not timed.
 */
async function timed(step: (entry: CorpusEntry) => unknown, warmed = () => {}): Promise<Timing> {
  // A first pass out of the way: the JIT, and any caches built on first use.
  for (const entry of CORPUS) await step(entry);
  warmed();
  const samples: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  do {
    for (const entry of CORPUS) {
      const start = performance.now();
      await step(entry);
      samples.push(performance.now() - start);
    }
  } while (performance.now() < until);
  return { samples, elapsedMs: performance.now() - started };
}

function timingLine(label: string, { samples, elapsedMs }: Timing): { line: string; summary: string } {
  const stats = summarize(samples);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const summary = `mean ${time(mean)}, p50 ${time(stats.median)}, p95 ${time(stats.p95)}`;
  const perSecond = Math.round(samples.length / (elapsedMs / 1000));
  return {
    summary,
    line: `  ${label.padEnd(12)} ${summary}, max ${time(stats.max)}  (${count(samples.length)} messages in ${(elapsedMs / 1000).toFixed(1)} s, ${count(perSecond)}/s)`,
  };
}

/** What the bot did over the whole-turn run, to show it did its work rather than nothing quickly. */
type Activity = {
  turns: number;
  replies: number;
  pictures: number;
  handoffs: Map<string, number>;
  views: number;
  inquiries: number;
  offers: number;
  conversions: number;
  failures: number;
  firstFailure?: string;
};

/** One customer writing the corpus in its order; a hand-over ends the conversation and the next message starts another. */
function customer(activity: Activity) {
  let conversationId = 0;
  let messageId = 0;
  let conversation: BotTurn['conversation'];
  let memory: unknown;
  let botActive: boolean;
  const start = () => {
    conversationId++;
    conversation = { currentProductId: null, currentOfferPrice: null, bargainingRound: null, converted: false };
    memory = null;
    botActive = true;
  };
  start();
  const tools: BotTools = {
    async reply(text) {
      if (!botActive) return false;
      activity.replies++;
      if (/^Picture: /m.test(text)) activity.pictures++;
      return true;
    },
    async handoff(type) {
      activity.handoffs.set(type, (activity.handoffs.get(type) ?? 0) + 1);
      botActive = false;
    },
    async productInterest(product, kind) {
      if (kind === 'view') activity.views++;
      else activity.inquiries++;
      conversation.currentProductId = product.id;
    },
    async offer(price, round) {
      activity.offers++;
      conversation.currentOfferPrice = price;
      conversation.bargainingRound = round;
    },
    async converted() {
      activity.conversions++;
      conversation.converted = true;
    },
    catalogue: async () => catalogue,
    async remember(value) {
      // As the runner keeps it: JSON, at most 4 KB.
      const json = JSON.stringify(value);
      if (json === undefined || Buffer.byteLength(json) > 4096) throw new Error(`remember: ${json?.length} bytes`);
      memory = JSON.parse(json);
    },
  };
  return async (entry: CorpusEntry) => {
    const turn: BotTurn = {
      conversationId,
      messageId: ++messageId,
      content: entry.text,
      messageType: 'text',
      customerName: 'Wanjiru Kamau',
      phone: '+254712345678',
      at: new Date(),
      conversation: { ...conversation },
      memory,
      settings: DEFAULT_SETTINGS,
    };
    activity.turns++;
    try {
      await catalogueBot.onCustomerMessage(turn, tools);
    } catch (error) {
      activity.failures++;
      activity.firstFailure ??= `${JSON.stringify(entry.text)}: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (!botActive) start();
  };
}

// ---------------------------------------------------------------------------

const started = new Date();
console.log(
  `bench:bot — the catalogue bot on ${count(CORPUS.length)} customer messages against the ${catalogue.length}-product demo catalogue; ` +
    `${availableParallelism()} cores, load average ${loadavg()[0].toFixed(2)}, Node ${process.version}`,
);
const { right, total } = accuracy();
const heldOut = heldOutAccuracy();
const dialogues = await dialogueAccuracy();

console.log(`\ntime per message (the corpus repeated for at least ${seconds} s each)`);
const alone = timingLine('understand', await timed((entry) => understand(entry.text, catalogue)));
console.log(alone.line);
const idle = (): Activity => ({
  turns: 0,
  replies: 0,
  pictures: 0,
  handoffs: new Map(),
  views: 0,
  inquiries: 0,
  offers: 0,
  conversions: 0,
  failures: 0,
  firstFailure: undefined,
});
const activity = idle();
// What the timed turns did: the counts start again after the first, untimed pass.
const whole = timingLine('whole turn', await timed(customer(activity), () => Object.assign(activity, idle())));
console.log(whole.line);
const handoffs = [...activity.handoffs].map(([type, n]) => `${type} ${count(n)}`).join(', ') || 'none';
console.log(
  `  over ${count(activity.turns)} turns: ${count(activity.replies)} replies (${count(activity.pictures)} with a picture), ` +
    `${count(activity.views)} views, ${count(activity.inquiries)} inquiries, ${count(activity.offers)} offers, ` +
    `${count(activity.conversions)} conversions; hand-overs: ${handoffs}` +
    (activity.failures ? `; ${count(activity.failures)} turns threw, the first: ${activity.firstFailure}` : ''),
);
if (activity.failures) process.exitCode = 1;

console.log(
  `\nFigures (npm run bench:bot, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
    `${availableParallelism()} cores, Node ${process.version}):`,
);
console.log(`  corpus accuracy          ${count(right)} of ${count(total)} right (${pct(right, total)})`);
console.log(
  `  held-out accuracy        ${count(heldOut.right)} of ${count(heldOut.total)} right (${pct(heldOut.right, heldOut.total)})`,
);
console.log(
  `  whole dialogues          ${count(dialogues.passed)} of ${count(dialogues.total)} pass (${pct(dialogues.passed, dialogues.total)})`,
);
console.log(`  understand() per message ${alone.summary}`);
console.log(`  whole turn per message   ${whole.summary}`);
