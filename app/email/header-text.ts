import { encodeWord } from "nodemailer/lib/mime-funcs";

/**
 * A Subject or a display name as mail programs will show it: text that holds an RFC 2047 encoded
 * word (`=?UTF-8?B?…?=`) would be decoded there into whatever it hides, control characters and
 * line breaks included (issue 41). Such a value is sent encoded as a whole, so it decodes to
 * exactly what was written, once; any other value goes as it is. Names are refused such text where
 * they are typed (the form kit's `personName`): this holds for what came in before, or otherwise.
 */
export function headerText(value: string): string {
  return /=\?[\s\S]*\?=/.test(value) ? encodeWord(value, "B", 52) : value;
}
