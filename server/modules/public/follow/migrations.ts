/**
 * Following a public case or a saved search (subscriptions, confirmations, sent alerts), in the shared
 * `filing` schema. Append new entries; never edit an applied one.
 */
import type { Migration } from '../../../db/migrate.ts';

export const followMigrations: Migration[] = [
  {
    // Issue 25: e-mail alerts on a case or a saved search of the public register, double opt-in. Tokens are
    // kept as SHA-256 hashes only; the watermark (alerted_until, recent_keys) says what was already sent.
    name: '026_public_follow',
    sql: (s) => `
      create table ${s}.follow_subscription (
        id text primary key,
        -- Normalised (trimmed, lower-case): one address is one subscriber.
        email text not null,
        -- 'case:<case id>' or 'search:<list>:<checked filters as JSON>': one subscription per address and target.
        target_key text not null,
        case_id text references ${s}."case"(id) on delete cascade,
        list text check (list in ('clearance', 'notice', 'decision')),
        filters jsonb,
        language text not null,
        -- The scheme and host the subscriber used: the links of the mails sent later by the jobs.
        origin text not null,
        state text not null default 'PENDING' check (state in ('PENDING', 'CONFIRMED', 'UNSUBSCRIBED')),
        confirm_token_hash text not null,
        -- Minted at confirmation for the confirmation page's link; each alert mail has its own (follow_alert).
        unsubscribe_token_hash text,
        created_at timestamptz not null default now(),
        confirmed_at timestamptz,
        unsubscribed_at timestamptz,
        -- Everything that became public up to here was looked at; recent_keys are the items of the last
        -- minutes already sent (a publication committed late with an earlier time is still caught once).
        alerted_until timestamptz,
        recent_keys text[] not null default '{}',
        check ((case_id is not null) <> (list is not null))
      );
      create unique index follow_subscription_target_idx on ${s}.follow_subscription (email, target_key);
      create unique index follow_subscription_confirm_idx on ${s}.follow_subscription (confirm_token_hash);
      create unique index follow_subscription_unsubscribe_idx on ${s}.follow_subscription (unsubscribe_token_hash);
      create index follow_subscription_state_idx on ${s}.follow_subscription (state, created_at);

      -- One row per alert mail sent: the daily limit per address counts them, and the mail's own
      -- unsubscribe link finds its subscription here (kept 90 days).
      create table ${s}.follow_alert (
        id text primary key,
        subscription_id text not null references ${s}.follow_subscription(id) on delete cascade,
        items integer not null,
        unsubscribe_token_hash text not null unique,
        sent_at timestamptz not null default now()
      );
      create index follow_alert_subscription_idx on ${s}.follow_alert (subscription_id, sent_at);
      create index follow_alert_sent_idx on ${s}.follow_alert (sent_at);
    `,
  },
];
