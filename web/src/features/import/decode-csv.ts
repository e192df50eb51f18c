/**
 * A CSV file's text, whatever spreadsheet wrote it: UTF-8 (with or without its byte-order mark), UTF-16 as Excel's
 * "Unicode text" saves it (marked), else Windows-1252, which Excel's plain "CSV" uses on Windows and in which "Müller"
 * is not valid UTF-8. Read as UTF-8 regardless, such a file imports as "M�ller".
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
