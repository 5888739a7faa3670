// Kept apart from pack.ts so that the pack's builder can use it without loading the pack it replaces.

/**
 * A piece of a name the annex file's comma-separated INCI list cut apart ("2,6-DIAMINE" -> "6-DIAMINE";
 * "CITRUS LIMON LEAF, ROOT" -> "ROOT"; "SODIUM" and "MAGNESIUM" from salt lists), which names no
 * ingredient: never recognised by. Only entries with several names carry such pieces: a bare word
 * counts when the substance's own wording uses it ("SELENIUM" in "Selenium and its compounds").
 */
export function splitFragment(e: { names: readonly string[]; substance: string }, name: string): boolean {
  if (e.names.length < 2) return false;
  if (/^(\d+'?|N'?)(-|\s|$)/.test(name) || /^(LEAF|ROOT|STEM|PEEL|FLOWER|NUT|BUD|TWIG|NEEDLE|SEED|BARK|FRUIT)\b/.test(name)) return true;
  return !/\s/.test(name) && !new RegExp(`(^|[^A-Z0-9])${name.replace(/[^A-Z0-9]/g, '.')}([^A-Z0-9]|$)`, 'i').test(e.substance);
}
