/**
 * The topics of the change feed: what statement triggers calling portal_announce_change(topic)
 * announce at commit (migration 0010). docs/cache-topics.md has the contract (topic ↔ trigger ↔
 * tables ↔ cached routes and derived values); lib/cache/topics.test.ts checks it against the database.
 */
export const CACHE_TOPICS = ['settlement', 'copyright', 'companies', 'reference', 'help'] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];
