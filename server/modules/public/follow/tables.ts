/** Row types of filing.follow_subscription and filing.follow_alert (migration 026), added like ../tables.ts. */
import type { ColumnType } from 'kysely';
import type { PublicList } from '../filters.ts';

export type FollowState = 'PENDING' | 'CONFIRMED' | 'UNSUBSCRIBED';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface FollowSubscriptionTable {
  id: string;
  email: string;
  target_key: string;
  case_id: ColumnType<string | null, string | null | undefined, string | null>;
  list: ColumnType<PublicList | null, PublicList | null | undefined, PublicList | null>;
  filters: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  language: string;
  origin: string;
  state: ColumnType<FollowState, FollowState | undefined, FollowState>;
  confirm_token_hash: string;
  unsubscribe_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Stamp;
  confirmed_at: MaybeStamp;
  unsubscribed_at: MaybeStamp;
  alerted_until: MaybeStamp;
  recent_keys: ColumnType<string[], string[] | undefined, string[]>;
}

export interface FollowAlertTable {
  id: string;
  subscription_id: string;
  items: number;
  unsubscribe_token_hash: string;
  sent_at: Stamp;
}

declare module '../../../db/tables.ts' {
  interface Database {
    'filing.follow_subscription': FollowSubscriptionTable;
    'filing.follow_alert': FollowAlertTable;
  }
}
