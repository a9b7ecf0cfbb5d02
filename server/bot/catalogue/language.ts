// English or Swahili? The customer is answered in the language they write.
// Swahili and Sheng words against English words: Sheng and mixed messages
// count as Swahili unless they are mostly English (more than twice as many
// English words as Swahili ones); a message with
// neither (a number, a product name, "ok") keeps the conversation's language,
// and so does a message of one word any chat uses ("deal", the bot's own
// "reply 'deal' to confirm", or "ok", "yes", "sure", a thumbs-up).
import { SW_PREFIXES, PREFIXED_STEMS, SWAHILI_COMMON } from './vocabulary';

export type Language = 'en' | 'sw';

const SWAHILI = new Set([
  ...SWAHILI_COMMON,
  ...`habari mambo niaje sasa vipi poa sawa asante asanti asanteni shukran shukrani nashukuru tunashukuru karibu jambo hujambo salama shikamoo
  bei ngapi pesa ganji doh mulla chapaa mkwanja ni ya na za wa kwa la katika kwenye nataka natafuta nahitaji tafuta naomba mnauza unauza uza mna mko iko ipo ziko zipo nayo nazo mnayo mnazo kuna
  hii hiyo hizo hizi ile zile hio izo iyo gani nini nani lini wapi kwanini mbona kwani aje inaenda zinaenda inauzwa zinauzwa
  punguza pungeza punguzia nipunguzie tupunguzie punguzo kidogo mwisho sana ghali juu chini shuka shukisha angusha toa nipe nikupe nitakupa nitalipa lipa malipo kulipa nilipe tulipe lipia
  mnaleta kuleta leta mtaleta niletee nileteeni tuletee usafiri kusafirisha uko mpo mnapatikana duka dukani ofisi
  wewe mimi yeye sisi nyinyi wao yangu yako yake yetu yenu yao wangu wako wetu wenu zangu zako zetu zenu
  lakini pia tu je ndio ndiyo hapana siwezi naweza unaweza mnaweza ebu hebu msee maze manze buda fiti freshi noma ama au kama hadi mpaka bado leo kesho jana
  nyeusi nyeupe kijivu kahawia kijani bluu samawati nyekundu dhahabu fedha sinki masinki marumaru jiwe mawe rangi
  urefu upana ukubwa unene vipimo kipimo kubwa ndogo ndefu kuweka kuwekewa mnaweka weka wekea fundi mafundi kufunga mnafunga
  elfu ngiri thao mia moja mbili tatu nne tano sita saba nane tisa kumi ishirini thelathini arobaini hamsini
  nitachukua nimekubali nakubali tumekubaliana tumeelewana nimeridhika chukua nunua kununua nitanunua bakuli vipande kipande
  vitu kitu bidhaa aina siku wiki saa asubuhi jioni usiku sijaelewa nimeelewa nina sina tuko niko ako hapo hapa huko safi shwari
  tafadhali nisaidie saidia msaada wacha ata hata nipee niuzie niachie tufanye fanya jikoni nyumba kazi imeisha zimeisha imebaki zimebaki
  mwenye mwingine nyingine ingine ingine zingine hizo zenye yenye sijui nadhani naona ati eti bana mkuu mzee mathe chali dem
  naitwa jina ombi kabisa zaidi tena vile hivyo hiki hicho bafu bafuni choo vigae bomba kabati mbao`
    .split(/\s+/)
    .filter(Boolean),
]);

const ENGLISH = new Set(
  `hello hi hey morning afternoon evening good thanks thank please pls you your yours i me my we our us they them it its this that these those
  what which who where when why how much many is are am was were be been do does did have has had can could will would should may might must
  want need looking look like show send tell know get give take buy sell selling price prices cost costs available stock size sizes dimensions
  install installation fitting deliver delivery transport pay payment bank cash deposit discount last best lower reduce cheaper expensive
  too final offer accept deal okay yes yeah sure fine agreed the a an and or but if so than then also very just only still even again more
  to of in on at by for from with about any some all no not there here kitchen house home today tomorrow now later much big small
  long wide thick where located location address shop collect pick up much let lets go ahead done great perfect appreciate please kindly
  sir madam friend need ill im id ll don t s re ve told said say says ask asked year years ago remember cousin brother sister`
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether a word is one of the everyday English words above (no product's, never read as a typo of one). */
export const isEnglishWord = (word: string) => ENGLISH.has(word);

/** English words written as often in Swahili and Sheng chats: alone, they tell no language. */
const EITHER = new Set('ok okay okey deal dili done sure fine yes yeah please pls boss bro thanks'.split(' '));

/** Whether a word is Sheng: a Swahili prefix on an English verb ("mnadeliver", "kupay"). */
export const shengStem = (word: string): string | null => {
  const match = SW_PREFIXES.exec(word);
  if (!match) return null;
  // With and without an object marker: "mnainstall" (mna-install), "kuifix" (ku-i-fix).
  for (const stem of [word.slice(match[1]!.length), word.slice(match[0].length)]) if (PREFIXED_STEMS[stem]) return stem;
  return null;
};

/** A Swahili verb by its shape: a subject/tense prefix and a final vowel ("nitakuja", "kuchukua", "mnafungua"). */
export const SWAHILI_VERB = /^(nita|tuta|wata|nime|tume|wame|nina|tuna|mna|mta|ku|na)[a-z]{3,}[aeiou]$/;

export function detectLanguage(words: string[], previous?: Language): Language {
  // One word of any chat ("deal", "ok", a thumbs-up read as "ok"), numbers aside, keeps the language.
  const lettered = words.filter((word) => !/^\d/.test(word));
  if (lettered.length === 1 && EITHER.has(lettered[0]!)) return previous ?? 'en';
  let swahili = 0;
  let english = 0;
  for (const word of new Set(words)) {
    if (SWAHILI.has(word) || shengStem(word) || (!ENGLISH.has(word) && SWAHILI_VERB.test(word))) swahili++;
    else if (ENGLISH.has(word)) english++;
  }
  // Sheng and mixed answer in Swahili unless they are mostly English (more than twice as many English words).
  if (swahili > 0 && english <= 2 * swahili) return 'sw';
  if (english > 0) return 'en';
  return previous ?? 'en';
}
