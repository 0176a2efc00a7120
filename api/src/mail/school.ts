/**
 * The school as a mail names it is data (the owner's, in the back office), read when a mail is queued, not when it
 * is rendered: renderers are plain functions without a database. A renderer writes a marker where the school's
 * header, footer or contact goes; `queueMail` replaces every marker with the identity the database holds then
 * (mail/html.ts `withSchool`). The markers are bracketed by U+2063 (invisible separator), which no text of the
 * shop or of a customer's form contains in this arrangement.
 */
export type SchoolMarker = 'html-header' | `html-footer:${string}` | `text-footer:${string}` | 'email' | 'name';

const open = '\u2063\u27e6';
const close = '\u27e7\u2063';

export const schoolMarker = (name: SchoolMarker): string => `${open}${name}${close}`;

const markers = /\u2063\u27e6([\w:.-]+)\u27e7\u2063/g;

/** Replaces every marker in `text` by `resolve(name)`. */
export const fillSchoolMarkers = (text: string, resolve: (name: string) => string): string =>
  text.replace(markers, (_, name: string) => resolve(name));

/** Whether a mail has a marker to fill (a mail made by the layout has). */
export const hasSchoolMarkers = (message: { subject: string; text: string; html: string }): boolean =>
  [message.subject, message.text, message.html].some((part) => part.includes(open));
