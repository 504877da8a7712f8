/** The syntax tree of a screen expression (see README in schemas/screens, "Expressions"). */
export type Expr =
  | { type: 'literal'; value: string | number | boolean | null | undefined }
  | { type: 'path'; segments: string[] }
  | { type: 'array'; items: Expr[] }
  | { type: 'not'; operand: Expr }
  | { type: 'binary'; op: BinaryOp; left: Expr; right: Expr };

export type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||' | 'in';

/** A parse failure with the character offset it was found at. */
export class ExpressionSyntaxError extends Error {
  constructor(
    message: string,
    readonly source: string,
    readonly position: number,
  ) {
    super(`${message} at ${position} in "${source}"`);
    this.name = 'ExpressionSyntaxError';
  }
}
