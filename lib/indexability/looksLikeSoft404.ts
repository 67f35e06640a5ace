import type { PageSignals } from './types';

// Words error pages use in their title or main heading. A hint, not proof: Google's own soft-404
// detection looks at the whole content; we only flag a 200 that calls itself an error.
const ERROR_WORDS =
  /\b(404|not found|page not found|no longer (available|exists)|does ?n[o']t exist|page (is )?missing|error 404|nicht gefunden|introuvable|no encontrada|non trovata)\b/i;

/** The title or h1 that makes a 200 page look like an error page, or null. */
export function looksLikeSoft404(signals: PageSignals | null): string | null {
  if (!signals) return null;
  for (const text of [signals.title, signals.h1]) {
    const t = text.trim().slice(0, 300);
    if (t && ERROR_WORDS.test(t)) return t;
  }
  return null;
}
