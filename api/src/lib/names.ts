/**
 * Names a mail writes in words, not codes ("DE" and "Europe/Berlin" in a mail): from the runtime's own
 * locale data (Intl, full ICU in Node 20), so every language and every country the contract allows has its name.
 */

/** A country's name in `language` ("DE" → "Deutschland", "España" in Spanish); the code itself if unknown. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A time zone as a learner reads it, the same all year: "Mitteleuropäische Zeit (MEZ)", "hora de Europa central
 * (CET)", "Central European Time". The abbreviation only where the language has one (English has "Germany Time").
 */
export function timeZoneInWords(timeZone: string, language: string, at = new Date()): string {
  const part = (timeZoneName: 'longGeneric' | 'shortGeneric') =>
    new Intl.DateTimeFormat(language, { timeZone, timeZoneName })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  const name = part('longGeneric');
  const short = part('shortGeneric');
  return /^[A-Z]{2,5}$/.test(short) ? `${name} (${short})` : name;
}
