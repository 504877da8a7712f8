/** The 统一社会信用代码 rule of the registration (GB 32100-2015, server/modules/filing/uscc.ts) as an API error. */
import { usccProblem } from '../filing/uscc.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';

/** The code in its stored form (trimmed, upper case), or a 6010101 naming what is wrong. */
export function checkedCreditCode(raw: string): string {
  const code = raw.trim().toUpperCase();
  const problem = usccProblem(code);
  if (problem)
    throw new ApiError(Code.ILLEGAL_REQUEST, `tenant.creditCode.${problem}`, {}, [
      { field: 'creditCode', reason: problem },
    ]);
  return code;
}
