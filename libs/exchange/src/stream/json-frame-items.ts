/**
 * The exact text of each item of a JSON frame, as the venue wrote it.
 *
 * Decoding loses what audit needs: `1.50` becomes `1.5`, and the wire schemas keep only
 * the fields they know. A frame that is an array yields the text of every top-level
 * item (surrounding whitespace trimmed); any other frame yields itself, trimmed. The
 * caller has already parsed the text, so it is well-formed JSON: only strings (which
 * may hold brackets and commas) and nesting depth need tracking.
 */
export function jsonFrameItemTexts(text: string): string[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) return [trimmed];
  const items: string[] = [];
  let depth = 0;
  let inString = false;
  let itemStart = 1;
  for (let index = 1; index < trimmed.length; index += 1) {
    const char = trimmed.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
      continue;
    }
    if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) depth += 1;
    else if (depth > 0 && (char === CLOSE_BRACE || char === CLOSE_BRACKET)) depth -= 1;
    else if (depth === 0 && (char === COMMA || char === CLOSE_BRACKET)) {
      const item = trimmed.slice(itemStart, index).trim();
      if (item.length > 0) items.push(item);
      itemStart = index + 1;
    }
  }
  return items;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
