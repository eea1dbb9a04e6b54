/** Intl.Segmenter, when the platform has it (every current desktop and mobile engine). */
interface WordSegmenter {
  segment(text: string): Iterable<{ readonly segment: string; readonly isWordLike?: boolean }>;
}

let segmenter: WordSegmenter | null | undefined;

function wordSegmenter(): WordSegmenter | null {
  if (segmenter === undefined) {
    const Segmenter = (Intl as unknown as { Segmenter?: new (locale: string, options: { granularity: 'word' }) => WordSegmenter }).Segmenter;
    segmenter = Segmenter ? new Segmenter('und', { granularity: 'word' }) : null;
  }
  return segmenter;
}

/**
 * Splits a run of an unspaced script (Chinese, Japanese, Thai, Khmer…) into words with the
 * platform's dictionary-based segmenter. Null when the platform has no `Intl.Segmenter`; the
 * caller then relies on character pairs alone.
 */
export function segmentWords(run: string): string[] | null {
  const words = wordSegmenter();
  if (!words) return null;
  const out: string[] = [];
  for (const piece of words.segment(run)) if (piece.isWordLike !== false && piece.segment.trim() !== '') out.push(piece.segment);
  return out;
}
