/** Characters per `readNote` chunk: a few pages, small enough to leave the model room to think. */
export const READ_NOTE_CHUNK_CHARS = 4000;

/**
 * Where each `readNote` chunk of a text starts: chunks of at most `size` characters, each cut
 * after a line break when one lies in its second half. Search results use the same starts to
 * name the chunk that holds their passage, so the two always agree.
 */
export function chunkStarts(text: string, size = READ_NOTE_CHUNK_CHARS): number[] {
  const starts = [0];
  let start = 0;
  while (start + size < text.length) {
    let end = start + size;
    const newline = text.lastIndexOf('\n', end);
    if (newline > start + size / 2) end = newline + 1;
    starts.push(end);
    start = end;
  }
  return starts;
}

/** The number of the chunk (from 0) that holds character `offset`. */
export function chunkAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
