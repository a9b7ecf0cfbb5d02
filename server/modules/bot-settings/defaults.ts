// Settings → Chatbot until staff save them: openapi.yaml's example
// BotSettingsDefaults (server/test/bot/bot-settings.test.ts holds them equal).
import type { BotSettings } from '../../bot/interface';

export const BOT_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export const BOT_SETTINGS_DEFAULTS: BotSettings = {
  enabled: true,
  greeting:
    'Hello and karibu! I am the shop\'s assistant. We sell granite, marble and quartz slabs and kitchen sinks. Tell me what you are looking for, for example "black granite" or "double bowl sink".',
  greetingSw:
    'Habari na karibu! Mimi ni msaidizi wa duka. Tunauza slab za granite, marble na quartz na sinki za jikoni. Niambie unachotafuta, kwa mfano "granite nyeusi" au "sinki ya bakuli mbili".',
  bargaining: { maxRounds: 3, lowestPricePercent: 90, productLimits: [] },
  businessHours: {
    enabled: false,
    timezone: 'Africa/Nairobi',
    days: [
      { day: 'monday', open: true, from: '08:00', to: '18:00' },
      { day: 'tuesday', open: true, from: '08:00', to: '18:00' },
      { day: 'wednesday', open: true, from: '08:00', to: '18:00' },
      { day: 'thursday', open: true, from: '08:00', to: '18:00' },
      { day: 'friday', open: true, from: '08:00', to: '18:00' },
      { day: 'saturday', open: true, from: '09:00', to: '14:00' },
      { day: 'sunday', open: false, from: '09:00', to: '13:00' },
    ],
  },
  outOfHoursMessage: 'Thank you for writing. We are closed now; a member of our team will reply when we open.',
  outOfHoursMessageSw: 'Asante kwa kutuandikia. Tumefunga kwa sasa; mmoja wa timu yetu atakujibu tukifungua.',
};

/** A copy the caller may change. */
export const botSettingsDefaults = (): BotSettings => structuredClone(BOT_SETTINGS_DEFAULTS);
