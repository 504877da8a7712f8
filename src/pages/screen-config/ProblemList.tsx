/** The editor's problems as a list under it: line, where they come from, what is wrong; a click goes there. */
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorProblem } from './editor-problems.ts';

const COLOURS = { syntax: 'error', schema: 'warning', check: 'magenta' } as const;

export function ProblemList({
  problems,
  onReveal,
}: {
  problems: readonly EditorProblem[];
  onReveal(offset: number): void;
}) {
  const { t } = useTranslation();
  if (!problems.length)
    return (
      <Typography.Text
        type="success"
        className="mf-screen-editor-problems"
        data-testid="screen-editor-problems"
      >
        {t('screenEditor.problems.none')}
      </Typography.Text>
    );
  return (
    <ul
      className="mf-screen-editor-problems"
      data-testid="screen-editor-problems"
      aria-label={t('screenEditor.problems.title', { count: problems.length })}
      style={{ listStyle: 'none', padding: 0 }}
    >
      {problems.map((problem, index) => (
        <li key={`${problem.from}-${index}`}>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onReveal(problem.from)}>
            {t('screenEditor.problems.line', { line: problem.line })}
          </Button>{' '}
          <Tag color={COLOURS[problem.source]}>{t(`screenEditor.problems.${problem.source}`)}</Tag>
          <Typography.Text>{problem.message}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
