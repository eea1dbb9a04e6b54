import { stopwords as danish } from '@orama/stopwords/danish';
import { stopwords as dutch } from '@orama/stopwords/dutch';
import { stopwords as english } from '@orama/stopwords/english';
import { stopwords as finnish } from '@orama/stopwords/finnish';
import { stopwords as french } from '@orama/stopwords/french';
import { stopwords as german } from '@orama/stopwords/german';
import { stopwords as hindi } from '@orama/stopwords/indian';
import { stopwords as italian } from '@orama/stopwords/italian';
import { stopwords as japanese } from '@orama/stopwords/japanese';
import { stopwords as mandarin } from '@orama/stopwords/mandarin';
import { stopwords as norwegian } from '@orama/stopwords/norwegian';
import { stopwords as portuguese } from '@orama/stopwords/portuguese';
import { stopwords as russian } from '@orama/stopwords/russian';
import { stopwords as spanish } from '@orama/stopwords/spanish';
import { stopwords as swedish } from '@orama/stopwords/swedish';
import { stopwords as turkish } from '@orama/stopwords/turkish';
import { foldText } from '../fold-text';
import { PROFILE_WORDS, type Language } from './language-profiles';

/**
 * Words a question is made of that say nothing about its subject, beyond the stopword lists:
 * the verbs and phrases people wrap a question in ("how do I", "is there a way to").
 */
const QUESTION_WORDS: Partial<Record<Language, string>> = {
  en: 'a an the how what why when where which who can could would should does do did please tell explain way want need use using possible there get',
  de: 'wie was warum wann wo welche welcher welches wer kann könnte soll muss möchte bitte gibt es man',
  fr: 'comment pourquoi quand où quel quelle quels quelles qui puis peut peux est-ce faire possible il y a',
  es: 'cómo qué por qué cuándo dónde cuál cuáles quién puedo puede hacer posible hay',
  it: 'come perché quando dove quale quali chi posso può fare possibile c è',
  pt: 'como porque quando onde qual quais quem posso pode fazer possível há existe',
  nl: 'hoe wat waarom wanneer waar welke wie kan kun moet wil graag mogelijk',
  sv: 'hur vad varför när var vilken vilka vem kan jag göra möjligt',
  no: 'hvordan hva hvorfor når hvor hvilken hvilke hvem kan jeg gjøre mulig',
  da: 'hvordan hvad hvorfor hvornår hvor hvilken hvilke hvem kan jeg gøre muligt',
  fi: 'miten mikä miksi milloin missä kuka voin voi voiko',
  ru: 'как что почему когда где какой какая какие кто можно ли нужно могу сделать',
  // Turkish: also the case endings an apostrophe splits off a name (Obsidian'da, Notion'dan, Sync'in).
  tr: "nasıl nedir neresi kim kimdir hangisi mı mi mu mü mıdır midir musun misin miyim mıyım yapabilirim yapılır edilir ederim lütfen da de ta te dan den tan ten nın nin nun nün ın in un ün ya ye yı yi yu yü yla yle la le a e ı i u ü",
  hi: 'क्या कैसे क्यों कहाँ कहां कब कौन कौनसा किस किसे मैं मुझे मेरा मेरे मेरी हम है हैं था थी थे हो होता होती करें करूँ करूं करना करते करता करती सकता सकती सकते का की के को से में पर और या भी यह वह इस उस एक',
  zh: '如何 怎么 怎样 什么 为什么 哪里 哪个 吗 呢 吧 可以 能 能否 请 我 我们 在 中 的 了 是 要',
  ja: 'どう どうやって どうすれば 方法 何 なぜ どこ どの ですか ますか できますか か を に は が で の て と も から する します したい',
};

const LISTS: Partial<Record<Language, readonly string[]>> = {
  en: english, de: german, fr: french, es: spanish, it: italian, pt: portuguese, nl: dutch, sv: swedish, no: norwegian,
  da: danish, fi: finnish, ru: russian, zh: mandarin, ja: japanese, tr: turkish, hi: hindi,
};

/** Folded stopwords of each language: its stopword list, question words and profile words. */
const STOPWORDS = new Map<Language, ReadonlySet<string>>();

function stopwordSet(language: Language): ReadonlySet<string> {
  let set = STOPWORDS.get(language);
  if (!set) {
    const words = [...(LISTS[language] ?? []), ...(QUESTION_WORDS[language] ?? '').split(' '), ...(PROFILE_WORDS[language] ?? '').split(' ')];
    set = new Set(words.filter((word) => word !== '').map((word) => foldText(word)));
    STOPWORDS.set(language, set);
  }
  return set;
}

/** Whether a folded word is a stopword or question word of `language`. */
export function isStopword(word: string, language: Language): boolean {
  return stopwordSet(language).has(word);
}
