/**
 * Languages whose notes the index tells apart. Latin-script ones are told apart by their most
 * frequent function and question words ({@link PROFILE_WORDS}); the others by their script.
 */
export const LANGUAGES = [
  'en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'no', 'da', 'fi', 'ro', 'tr', 'id', 'hu', 'pl', 'cs', 'sk', 'vi', 'ca',
  'ru', 'uk', 'el', 'ar', 'fa', 'he', 'hi', 'bn', 'zh', 'ja', 'ko', 'th', 'km',
] as const;

/** A language the index knows, as an ISO 639-1 code. */
export type Language = (typeof LANGUAGES)[number];

/**
 * Each Latin-script language's twenty-odd most frequent words plus its question words, written
 * as people type them (they are folded before use). Short lists on purpose: they decide which
 * language a note is in, where long stopword lists would favour the longest list.
 */
export const PROFILE_WORDS: Partial<Record<Language, string>> = {
  en: 'the and of to is in that it for you with on are this be as can or how what why where which who does do i my',
  de: 'der die und das ist nicht mit ein eine sie den zu auf für von sich auch wird im wie was warum wo welche ich kann',
  fr: 'le la les et des est une un du pour dans que vous pas sur qui au avec ce comment pourquoi quel quelle où je peut',
  es: 'el la los las y es en que un una para por con del se como al su cómo qué dónde cuál puedo puede',
  it: 'il la le di che è e un una per non con del della sono si gli nel come perché dove quale posso può',
  pt: 'o a os as e de do da que um uma para com não em no na se como porque onde qual posso pode',
  nl: 'de het een en van is dat niet op te met voor zijn je die er hoe wat waarom waar welke ik kan',
  sv: 'och att det som en är på för med av den inte till kan du hur vad varför var vilken jag',
  no: 'og i det er som en på for med av til ikke kan du å har hvordan hva hvorfor hvor hvilken jeg',
  da: 'og i det er som en på for med af til ikke kan du at har hvordan hvad hvorfor hvor hvilken jeg',
  fi: 'ja on ei se että tai kun voit jos mutta myös ovat sen tämä miten mikä miksi missä voin',
  ro: 'și de la în este cu pe pentru un o care nu se sau cum ce de ce unde pot',
  tr: 've bir bu için ile da de olarak daha çok gibi değil nasıl ne neden nerede hangi',
  id: 'dan yang di untuk dengan ini dari itu tidak dalam atau anda bagaimana apa mengapa dimana',
  hu: 'a az és hogy nem egy is van meg ez azt ki hogyan mi miért hol melyik',
  pl: 'i w na nie się z do to jest że jak o dla lub jak co dlaczego gdzie który',
  cs: 'a v je se na že to s z do pro jak nebo jsou jak co proč kde který',
  sk: 'a v je sa na že to s z do pre ako alebo sú čo prečo kde ktorý',
  vi: 'và của là có không các được trong cho một những với như thế nào tại sao ở đâu',
  ca: 'el la i de que els les és per amb un una no es en al com què per què on',
};
