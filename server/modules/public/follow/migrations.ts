/**
 * Following a public case or a saved search (subscriptions, confirmations, sent alerts), in the shared
 * `filing` schema. Append new entries; never edit an applied one.
 */
import type { Migration } from '../../../db/migrate.ts';

export const followMigrations: Migration[] = [];
