/**
 * Password rules. Two are in the spec:
 * - the server's policy (employee form): complexity codes 1 lower case, 2 upper case, 3 digit, 4 special character,
 *   every listed class required, plus min and max length;
 * - the change-password dialog: at least N kinds among digit, letter, special character.
 */

export type CharClass = 'lowerCase' | 'upperCase' | 'digit' | 'special';

export const COMPLEXITY_CODES: Record<string, CharClass> = {
  '1': 'lowerCase',
  '2': 'upperCase',
  '3': 'digit',
  '4': 'special',
};

export interface PasswordPolicy {
  /** Comma list of codes as the server sends it ('1,3'), or the codes as an array. */
  complexity?: string | Array<string | number>;
  minLength?: number;
  maxLength?: number;
}

export type PasswordViolation =
  { rule: 'minLength'; limit: number } | { rule: 'maxLength'; limit: number } | { rule: CharClass };

const CLASS_TESTS: Record<CharClass, RegExp> = {
  lowerCase: /[a-z]/,
  upperCase: /[A-Z]/,
  digit: /\d/,
  // Anything that is neither an ASCII letter, a digit nor whitespace: punctuation, symbols, CJK…
  special: /[^A-Za-z0-9\s]/,
};

export function parseComplexity(complexity: PasswordPolicy['complexity']): CharClass[] {
  const codes = typeof complexity === 'string' ? complexity.split(',') : (complexity ?? []);
  const classes = codes.map((code) => COMPLEXITY_CODES[String(code).trim()]).filter(Boolean);
  return [...new Set(classes)];
}

/** Length in characters (code points), as the user counts them. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** Every rule of the policy the password breaks, in the spec's message order: max length, min length, complexity. */
export function passwordPolicyViolations(password: string, policy: PasswordPolicy): PasswordViolation[] {
  const violations: PasswordViolation[] = [];
  const length = passwordLength(password);
  if (policy.maxLength !== undefined && length > policy.maxLength) {
    violations.push({ rule: 'maxLength', limit: policy.maxLength });
  }
  if (policy.minLength !== undefined && length < policy.minLength) {
    violations.push({ rule: 'minLength', limit: policy.minLength });
  }
  for (const charClass of parseComplexity(policy.complexity)) {
    if (!CLASS_TESTS[charClass].test(password)) violations.push({ rule: charClass });
  }
  return violations;
}

/** How many of the kinds digit, letter, special character occur (0 to 3). */
export function passwordKindCount(password: string): number {
  const hasLetter = /[A-Za-z]/.test(password);
  return [hasLetter, CLASS_TESTS.digit.test(password), CLASS_TESTS.special.test(password)].filter(Boolean)
    .length;
}
