// Frequent Swahili and Sheng words of a shop chat that name no product: the
// words the bot's typo tolerance must leave alone ("basi" is "then", not a
// typo of "basin"; "siku" is "day", not "sink"). Kept for the tests
// (server/test/bot-engine-understand.test.ts reads each one alone and in a
// sentence and expects no product, category, colour, material or stone word),
// written from everyday Kenyan chat, not from the bot's own word lists.
//
// Left out on purpose: the Swahili words that do name what the shop sells or
// does not sell (sinki, marumaru, jiwe, mawe, bakuli, nyeusi, nyeupe, kijivu,
// kahawia, kijani, nyekundu, dhahabu, chuma, kauri, choo, vigae, bomba, kabati,
// mbao).

export const SWAHILI_WORDS: readonly string[] = [
  ...new Set(
    `
  basi sana bado kabisa sawa poa leo kesho jana juzi keshokutwa hapa hapo pale huko kule huku humu
  hii hiyo hizi hizo ile zile huyu huyo yule hawa hao wale hiki hicho kile hivi hivyo vile
  nini gani nani lini wapi vipi ngapi kwanini mbona je ipi zipi yupi
  bei pesa hela elfu mia laki milioni nusu robo shilingi bob
  nataka nahitaji naomba nipe nipatie niambie nionyeshe nitumie nikupe nitakupa nitalipa nitachukua nitanunua
  tafadhali asante asanteni shukrani karibu karibuni samahani pole kwaheri
  habari jambo hujambo sijambo mambo salama safi shwari shikamoo marahaba
  msee wasee bro maze manze buda budaa beshte mabeshte fiti freshi noma sare niaje rada mbogi
  manzi msupa dem chali mathe fathe bazu mkuu mzee mtaa mtaani keja kejani ganji doh mulla chapaa munde
  thao finje ashu kindu venye ati eti aje ata wacha ju sijui kwani kwa na ya wa za la ni
  mimi wewe yeye sisi nyinyi wao yangu yako yake yetu yenu yao wangu wako wake wetu wenu
  langu lako lake letu lenu lao changu chako chake zangu zako zake zetu zenu zao
  au ama lakini ila kwamba kama ikiwa halafu kisha tena pia hata ingawa mpaka hadi tangu ili wala bali
  tayari sasa mapema baadaye zamani karibu mbali ndani nje juu chini mbele nyuma pamoja peke tu hasa kweli labda pengine
  asubuhi mchana jioni usiku saa dakika siku wiki mwezi mwaka
  jumatatu jumanne jumatano alhamisi ijumaa jumamosi jumapili wikendi
  moja mbili tatu nne tano sita saba nane tisa kumi ishirini thelathini arobaini hamsini sitini sabini themanini tisini
  sema uliza jibu ambia ona kuja enda nenda fika rudi ngoja subiri sikia elewa jua najua nadhani nafikiri
  pata kupata nunua kununua uza kuuza lipa kulipa chukua kuchukua tuma kutuma andika soma piga ongea fanya kufanya
  naweza unaweza mnaweza siwezi inawezekana napenda nimependa penda taka kutaka saidia nisaidie anza maliza
  angalia cheki tazama leta peleka ngoja niko uko yuko tuko mko wako iko ziko kuna hakuna sina una ana tuna mna
  nimeona nimepata naona nasema nimeskia naskia nilikuwa nitakuwa nimekubali nakubali sijaelewa nimeelewa
  mtu watu mama baba kaka dada rafiki mteja wateja duka maduka nyumba jikoni bafu bafuni chumba sebule kazi
  fundi mafundi gari barabara mji kijiji nchi mahali sehemu kitu vitu swali neno maneno jina namba simu ujumbe
  fedha picha rangi aina ukubwa urefu upana unene uzito ubora bidhaa mzigo oda huduma usafiri njia ofisi soko
  nzuri mzuri mrembo kubwa ndogo ndefu fupi mpya ghali rahisi bora chafu nzito nyepesi
  ndio ndiyo hapana sawasawa haya kumbe ebu hebu acha wacha kidogo zaidi kiasi tu
  bonga chonga sepa ishia dishi hanya ngware nduthi ndai sanse kubonga kucheki nacheki nadai kudai
  mko mnauza mnaleta mnapatikana mnafungua tunaongea tutaongea nitakuja nitakupigia nipigie
  maji chakula kesi shida tatizo furaha amani mungu inshallah
`
      .split(/\s+/)
      .filter(Boolean),
  ),
];
