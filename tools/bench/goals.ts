/** The goals (issue 15), printed beside each figure as a pass/fail line; nothing is enforced. */

export function verdict(value: number, goal: number, kind: 'max' | 'min'): string {
  const met = kind === 'max' ? value <= goal : value >= goal;
  return `${met ? 'PASS' : 'FAIL'} (goal ${kind === 'max' ? '≤' : '≥'} ${goal.toLocaleString('en')})`;
}

/** One figure: label, measured value with its unit, and the verdict. */
export function figure(label: string, value: number, unit: string, goal: number, kind: 'max' | 'min'): void {
  const shown = `${Math.round(value).toLocaleString('en')} ${unit}`;
  console.log(`  ${label.padEnd(44)}${shown.padStart(14)}  ${verdict(value, goal, kind)}`);
}
