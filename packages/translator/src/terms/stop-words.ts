/**
 * Words that are never glossary terms however they are capitalised: function words, pronouns,
 * interjections, sentence openers and forms of address, per source language (lower case). German
 * also lists its commonest nouns, which are capitalised everywhere (decision 232).
 */
const LISTS: Record<string, string> = {
  en: `i a an the and but or nor if then else when while where what whom who whose why how this that these those
    he she it we you they his her hers its our ours your yours their theirs my mine me him us them there here
    yes no not oh ah aha alas well so now still yet just only also even very too all any some none each every
    both either neither one two three first last next after before since until till because though although
    however therefore thus hence meanwhile besides indeed perhaps maybe yeah nay hello hi goodbye please
    thank thanks sorry ok okay hey hmm huh eh ha hush ugh whoa wow nobody everybody somebody anybody nothing
    everything something anything mr mrs ms miss dr sir madam chapter book part volume prologue epilogue
    is was are were be been do does did have has had would shall should can could might must let
    in on at to of for with by from into about over under out up down off through between without`,
  ru: `и а но да нет не ни ну ах ох эх ой ай увы итак вот вон так же ли бы уж вдруг потом тогда затем
    теперь сейчас здесь там тут где куда откуда когда почему зачем как что кто чей чья чьё чьи какой какая
    какое какие который которая которое которые этот эта это эти тот та то те такой такая такое такие весь
    вся всё все я ты он она оно мы вы они меня тебя его её ее нас вас их мне тебе ему ей нам вам им мой моя
    моё мои твой твоя твоё твои наш наша наше наши ваш ваша ваше ваши свой своя своё свои себя сам сама само
    сами один одна одно два две три однако впрочем конечно наконец может быть был была было были есть
    нельзя можно надо нужно хорошо ладно очень ещё еще уже только даже лишь почти всегда никогда иногда
    снова опять сначала также тоже или если хотя чтобы потому поэтому ведь разве неужели пожалуй кстати
    здравствуйте спасибо прощайте прощай извините простите пожалуйста господа господин госпожа сударь
    сударыня мсье месье мадам глава часть книга том пролог эпилог о об в во на за под над при про с со к ко
    у из от до по без для через между перед после ага эй тсс ура боже господи`,
  uk: `і й та а але так ні ну ах ох ой ех ого ага отже ось он от же ж чи би б вже ще раптом потім тоді тепер
    зараз тут там де куди звідки коли чому навіщо як що хто чий який яка яке які котрий цей ця це ці той те ті
    такий така таке такі все всі весь вся я ти він вона воно ми ви вони мене тебе його її нас вас їх мені тобі
    йому їй нам вам їм мій моя моє мої твій твоя твоє твої наш наша наше наші ваш ваша ваше ваші свій своя
    своє свої себе сам сама саме самі один одна одне два дві три однак проте звісно нарешті може був була
    було були є не можна треба добре гаразд дуже тільки лише навіть майже завжди ніколи іноді знову
    спочатку також теж або якщо хоча щоб тому бо адже хіба невже мабуть здрастуйте дякую прощавайте
    вибачте будь ласка пане пані панове розділ частина книга у в на за під над при про з зі до від по без
    для через між перед після біля серед гей ура боже господи`,
  pl: `i a ale lub albo czy nie tak ni no ach och oj ej hej aha więc otóż oto tu tam gdzie dokąd skąd kiedy
    dlaczego czemu jak co kto czyj jaki jaka jakie który która które ten ta to te tamten taki taka takie
    wszystko wszyscy cały ja ty on ona ono my wy oni one mnie ciebie jego jej nas was ich mi tobie jemu nam
    wam im mój moja moje moi twój twoja twoje nasz nasza nasze wasz wasza wasze swój swoja swoje siebie sam
    sama samo jeden jedna jedno dwa trzy jednak jednakże oczywiście wreszcie może był była było byli jest
    są można trzeba dobrze dobra bardzo już jeszcze tylko nawet prawie zawsze nigdy czasem znowu potem
    wtedy teraz najpierw też także jeśli jeżeli chociaż choć żeby aby bo ponieważ przecież chyba dziękuję
    przepraszam proszę pan pani panie państwo rozdział część księga w we na za pod nad przy o z ze do od po
    bez dla przez między przed u ku`,
  de: `der die das den dem des ein eine einer eines einem einen und oder aber doch denn wenn dann als wie wo
    was wer wen wem wessen warum wieso weshalb ja nein nicht kein keine keiner keinen keinem ach oh ah au na
    nun also so da dort hier jetzt bald schon noch nur auch sogar fast immer nie niemals manchmal wieder
    zuerst ich du er sie es wir ihr mich dich ihn uns euch mir dir ihm ihnen mein meine meinen meinem meiner
    dein deine sein seine seinen seinem seiner ihre ihren ihrem ihrer unser unsere euer eure dieser diese
    dieses diesen diesem jener jene jenes welcher welche welches alle alles jeder jede jedes man eins zwei
    drei jedoch natürlich endlich vielleicht war waren ist sind bin bist hat haben hatte hatten wird werden
    wurde wurden kann konnte muss musste soll sollte gut gewiss sehr danke bitte herr frau fräulein kapitel
    teil buch in im an am auf aus bei mit nach von vom zu zum zur für über unter vor hinter neben zwischen
    durch gegen ohne um ins beim
    mann männer kind kinder zeit jahr jahre jahren tag tage tagen nacht hand hände händen auge augen kopf
    haus hause weg welt leben mutter vater herz gott mal leute menschen mensch stimme tür zimmer wasser
    stadt land freund freunde dame damen herren sache ding dinge moment augenblick abend morgen stunde
    stunden minute minuten seite gesicht wort worte frage arbeit geld name bruder schwester sohn tochter
    himmel ende anfang art weise fall grund recht`,
  fr: `le la les un une des du de et ou mais donc or ni car si alors quand lorsque où que qui quoi dont
    pourquoi comment ce cet cette ces celui celle ceux celles je tu il elle on nous vous ils elles me te se
    lui leur eux moi toi mon ma mes ton ta tes son sa ses notre nos votre vos leurs oui non ne pas ah oh eh
    hélas bon bien voilà voici ainsi puis ensuite enfin encore déjà toujours jamais souvent parfois
    cependant pourtant aussi même très tout tous toute toutes rien personne chapitre livre partie monsieur
    madame mademoiselle messieurs mesdames dans en sur sous avec sans pour par chez vers entre contre
    depuis pendant avant après`,
  es: `el la los las un una unos unas y o pero sino si entonces cuando donde que quien cual cuyo por qué
    porque cómo como este esta esto estos estas ese esa eso esos esas aquel aquella yo tú tu él ella ello
    nosotros vosotros ellos ellas usted ustedes me te se le les lo nos os mi mis su sus nuestro nuestra
    vuestro sí no ni ah oh ay eh bueno bien pues así luego después antes ya todavía aún siempre nunca
    jamás también tampoco muy todo todos toda todas nada nadie algo alguien capítulo libro parte señor
    señora señorita don doña en con sin para sobre bajo entre hacia hasta desde contra según durante
    mientras hola adiós gracias`,
  it: `il lo la i gli le un uno una e ed o ma però se allora quando dove che chi cui perché come questo
    questa questi queste quello quella quelli quelle io tu lui lei egli ella noi voi loro mi ti si ci vi ne
    mio mia miei mie tuo tua suo sua sue nostro nostra vostro sì no non né ah oh eh ahimè beh bene ecco
    così poi dopo prima già ancora sempre mai spesso anche pure molto tutto tutti tutta tutte niente nulla
    nessuno qualcosa qualcuno capitolo libro parte signore signora signorina signor don donna in con su
    per tra fra da di a del della dei delle al alla nel nella sul sulla ciao grazie`,
};

const sets = new Map(Object.entries(LISTS).map(([lang, words]) => [lang, new Set(words.split(/\s+/))]));
const everyList = new Set([...sets.values()].flatMap((set) => [...set]));

/**
 * The stop words of a source language together with English ones (headings and front matter are often
 * English); every list when the language is unknown or has none of its own.
 * @example stopWordsFor('ru').has('итак') // true
 */
export function stopWordsFor(language: string | undefined): Set<string> {
  const own = language ? sets.get(baseLanguage(language)) : undefined;
  if (!own) return everyList;
  return new Set([...own, ...(sets.get('en') ?? [])]);
}

/**
 * Whether a glossary source is one of the language's common words (or a single letter).
 * @example isCommonWord('Итак', 'ru') // true
 */
export function isCommonWord(term: string, language: string | undefined): boolean {
  const word = term.trim().replace(/[.!?,;:…]+$/u, '');
  return (word.match(/\p{L}/gu)?.length ?? 0) < 2 || stopWordsFor(language).has(word.toLocaleLowerCase());
}

/** "pt-BR" -> "pt". */
export function baseLanguage(language: string): string {
  return language.split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/** German determiners: a capitalised word after one of them is a common noun, not a name. */
export const GERMAN_DETERMINERS = new Set(
  `der die das den dem des ein eine einer eines einem einen kein keine keiner keinen keinem mein meine
  meinen meinem meiner dein deine deinen deinem sein seine seinen seinem seiner ihr ihre ihren ihrem ihrer
  unser unsere unseren unserem euer eure diese dieser dieses diesen diesem jede jeder jedes jeden jedem
  im am zum zur vom beim ins ans aufs`.split(/\s+/),
);
