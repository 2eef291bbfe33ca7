/**
 * Regular expressions held as text in a design ("/^\\d+$/g" or "^\\d+$"). A pattern that does
 * not compile is a design error: compilePattern answers null instead of throwing.
 */
const LITERAL = /^\/([\s\S]*)\/([a-z]*)$/;
const cache = new Map<string, RegExp | null>();
const CACHE_LIMIT = 500;

export function compilePattern(text: string): RegExp | null {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const compiled = compile(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, compiled);
  return compiled;
}

function compile(text: string): RegExp | null {
  const literal = LITERAL.exec(text);
  const body = literal ? literal[1]! : text;
  // g and y make test() stateful through lastIndex; a validator must answer the same twice.
  const flags = literal ? literal[2]!.replace(/[gy]/g, '') : '';
  if (body === '' || /[^imsu]/.test(flags)) return null;
  try {
    return new RegExp(body, flags);
  } catch {
    return null;
  }
}
