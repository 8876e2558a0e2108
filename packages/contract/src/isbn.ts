// ISBN display, by the International ISBN Agency's range table (through `isbn3`, which ships the
// agency's RangeMessage as data and is updated with it). Kept out of the package index: the table
// is ~40 KiB of code, so only the screens and exports that show ISBNs load it
// (`import { hyphenateIsbn } from '@portal/contract/isbn'`).
import ISBN from 'isbn3';

/**
 * An ISBN as people read it: prefix, registration group, registrant, publication and check digit
 * split where the agency's ranges put them (979-11-5839-001-3, 978-89-364-3367-3, 978-0-306-40615-7,
 * 978-4-06-274868-1). Hyphens or spaces in the input are ignored. A value that is no valid ISBN, or
 * one in a range the agency has not assigned (nobody can say where its parts end), is returned as it
 * was given rather than split at a guess.
 */
export function hyphenateIsbn(isbn: string): string {
  const parsed = ISBN.parse(isbn);
  if (!parsed) return isbn;
  return parsed.isIsbn10 && parsed.isbn10h ? parsed.isbn10h : parsed.isbn13h;
}
