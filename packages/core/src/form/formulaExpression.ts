/**
 * A small arithmetic language for calculate_formula, read by our own tokenizer and parser
 * (DESIGN §9: no eval, no new Function, no vm). The designer saved a formula as a list of
 * tokens it pushed one by one: "${model}" references, + - * / ( ) and single digits, so the
 * tokens are joined first and the text is read again (["1", "2"] is twelve).
 */

export type Operator = '+' | '-' | '*' | '/';

export type Token =
  | { t: 'num'; value: number }
  | { t: 'ref'; model: string }
  | { t: 'op'; op: Operator }
  | { t: '(' }
  | { t: ')' };

export type Expr =
  | { k: 'num'; value: number }
  | { k: 'ref'; model: string }
  | { k: 'neg'; operand: Expr }
  | { k: 'bin'; op: Operator; left: Expr; right: Expr };

const NUMBER = /^(\d+(\.\d+)?|\.\d+)/;
const OPERATORS: Record<string, Operator> = { '+': '+', '-': '-', '*': '*', '/': '/', '×': '*', '÷': '/' };
const MAX_DEPTH = 64;

/** The formula text from the designer's token list (or a text the designer typed). */
export function formulaText(exp: unknown): string {
  if (typeof exp === 'string') return exp;
  if (!Array.isArray(exp)) return '';
  return exp.map((part) => (typeof part === 'string' || typeof part === 'number' ? String(part) : '\u0000')).join('');
}

/** Tokens of a formula, or null when the text holds anything else. A trailing "=" is allowed. */
export function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const ch = text[at]!;
    if (/\s/.test(ch)) {
      at += 1;
    } else if (text.startsWith('${', at)) {
      const end = text.indexOf('}', at + 2);
      const model = end < 0 ? '' : text.slice(at + 2, end).trim();
      if (model === '' || model.includes('{')) return null;
      tokens.push({ t: 'ref', model });
      at = end + 1;
    } else if (NUMBER.test(text.slice(at))) {
      const literal = NUMBER.exec(text.slice(at))![0];
      tokens.push({ t: 'num', value: Number(literal) });
      at += literal.length;
    } else if (OPERATORS[ch]) {
      tokens.push({ t: 'op', op: OPERATORS[ch] });
      at += 1;
    } else if (ch === '(' || ch === '（') {
      tokens.push({ t: '(' });
      at += 1;
    } else if (ch === ')' || ch === '）') {
      tokens.push({ t: ')' });
      at += 1;
    } else if (ch === '=' && /^[=\s]*$/.test(text.slice(at))) {
      break;
    } else {
      return null;
    }
  }
  return tokens;
}

/** expr := term (+|- term)* ; term := unary (*|/ unary)* ; unary := (+|-) unary | atom. */
export function parseTokens(tokens: readonly Token[]): Expr | null {
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (ops: Operator[]) => {
    const token = peek();
    return token?.t === 'op' && ops.includes(token.op) ? token.op : null;
  };

  const expression = (depth: number): Expr | null => {
    let left = term(depth);
    for (let op = isOp(['+', '-']); left && op; op = isOp(['+', '-'])) {
      at += 1;
      const right = term(depth);
      left = right ? { k: 'bin', op, left, right } : null;
    }
    return left;
  };
  const term = (depth: number): Expr | null => {
    let left = unary(depth);
    for (let op = isOp(['*', '/']); left && op; op = isOp(['*', '/'])) {
      at += 1;
      const right = unary(depth);
      left = right ? { k: 'bin', op, left, right } : null;
    }
    return left;
  };
  const unary = (depth: number): Expr | null => {
    if (depth > MAX_DEPTH) return null;
    const op = isOp(['+', '-']);
    if (op) {
      at += 1;
      const operand = unary(depth + 1);
      return operand && op === '-' ? { k: 'neg', operand } : operand;
    }
    return atom(depth);
  };
  const atom = (depth: number): Expr | null => {
    const token = peek();
    at += 1;
    if (token?.t === 'num') return { k: 'num', value: token.value };
    if (token?.t === 'ref') return { k: 'ref', model: token.model };
    if (token?.t !== '(') return null;
    const inner = expression(depth + 1);
    if (!inner || peek()?.t !== ')') return null;
    at += 1;
    return inner;
  };

  const expr = expression(0);
  return expr && at === tokens.length ? expr : null;
}

/** The value of an expression; null on division by zero or a result that is not finite. */
export function evaluate(expr: Expr, valueOf: (model: string) => number): number | null {
  const run = (e: Expr): number | null => {
    switch (e.k) {
      case 'num':
        return e.value;
      case 'ref':
        return valueOf(e.model);
      case 'neg': {
        const v = run(e.operand);
        return v === null ? null : -v;
      }
      case 'bin': {
        const l = run(e.left);
        const r = run(e.right);
        if (l === null || r === null) return null;
        if (e.op === '/' && r === 0) return null;
        const v = e.op === '+' ? l + r : e.op === '-' ? l - r : e.op === '*' ? l * r : l / r;
        return Number.isFinite(v) ? v : null;
      }
    }
  };
  return run(expr);
}
