/** Text as the classifier reads it: lower case, accents folded, words of letters and digits. */
export function wordsOf(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/ß/g, 'ss');
  return folded.split(/[^a-z0-9]+/).filter(Boolean);
}
