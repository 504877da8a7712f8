/**
 * The public side's permissions of the seeded authority roles (issue 13): news, clue triage, the
 * switch over anonymous comments on a notice, and whether a case's review progress is public (issue 25).
 */
export const PUBLIC_ROLE_PERMISSIONS: Partial<Record<string, string[]>> = {
  publisher: ['news:manage', 'notice:manage', 'disclosure:manage'],
  reviewLead: ['clue:triage', 'notice:manage', 'disclosure:manage'],
};
