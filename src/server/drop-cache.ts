import { LRUCache } from 'lru-cache';

/**
 * The storage the read cache and the session cache share: values kept for a lifetime in an LRU
 * (lru-cache), dropped as soon as a change makes them stale, and never stored from a read that
 * such a change overtook (the value may be older than the change).
 *
 * Changes are numbered. A read notes `version` when it starts; `set` then checks its value
 * against every change since. The latest changes are remembered; a read older than all of them
 * counts as overtaken, and so does a read older than a `clear`.
 */
export interface DropCacheOptions<K, V, C> {
  /** Whether `change` makes the value kept under `key` stale. */
  isStaleAfter(change: C, value: V, key: K): boolean;
  maxEntries: number;
  /** The lifetime of a value; `set` may give one its own. */
  ttlMs: number;
  /** With maxSize: the size of a value (its bytes), and the most all values may hold together. */
  sizeOf?: (value: V) => number;
  maxSize?: number;
  /** The clock lifetimes are read from (tests move one of their own); the wall clock by default. */
  clock?: Clock;
}

export interface Clock {
  now(): number;
}

/** How many changes are remembered for reads under way: the oldest half goes when twice as many arrived. */
const REMEMBERED_CHANGES = 1_000;

export class DropCache<K extends object | string, V extends object, C> {
  private readonly values: LRUCache<K, V>;
  private readonly isStaleAfter: DropCacheOptions<K, V, C>['isStaleAfter'];
  /** The changes numbered from `firstRemembered` on, oldest first. */
  private changes: C[] = [];
  private firstRemembered = 0;

  constructor(options: DropCacheOptions<K, V, C>) {
    this.isStaleAfter = options.isStaleAfter;
    const { sizeOf, maxSize } = options;
    this.values = new LRUCache<K, V>({
      max: options.maxEntries,
      ttl: options.ttlMs,
      // Lifetimes by the clock, read at each look-up.
      perf: options.clock ?? Date,
      ttlResolution: 0,
      ...(sizeOf && maxSize ? { maxSize, sizeCalculation: (value: V) => Math.max(1, sizeOf(value)) } : {}),
    });
  }

  /** The number the next change gets: a read notes it when it starts. */
  get version(): number {
    return this.firstRemembered + this.changes.length;
  }

  get(key: K): V | undefined {
    return this.values.get(key);
  }

  /**
   * Whether a change since `readSince` (the version when the value's read started), and before
   * version `until` (every change so far when not given), makes it stale.
   */
  overtaken(key: K, value: V, readSince: number, until = this.version): boolean {
    if (readSince < this.firstRemembered) return true;
    const end = Math.min(until, this.version) - this.firstRemembered;
    for (let index = readSince - this.firstRemembered; index < end; index++) {
      if (this.isStaleAfter(this.changes[index]!, value, key)) return true;
    }
    return false;
  }

  /** Keeps `value` unless it was overtaken; answers whether it is kept. */
  set(key: K, value: V, readSince: number, ttlMs?: number): boolean {
    if (this.overtaken(key, value, readSince)) {
      this.values.delete(key);
      return false;
    }
    this.values.set(key, value, ttlMs === undefined ? undefined : { ttl: ttlMs });
    return this.values.has(key);
  }

  /** Drops every value the change makes stale, and remembers it for the reads under way. */
  drop(change: C): void {
    this.changes.push(change);
    if (this.changes.length >= 2 * REMEMBERED_CHANGES) {
      this.firstRemembered += this.changes.length - REMEMBERED_CHANGES;
      this.changes = this.changes.slice(-REMEMBERED_CHANGES);
    }
    const stale: K[] = [];
    this.values.forEach((value, key) => {
      if (this.isStaleAfter(change, value, key)) stale.push(key);
    });
    for (const key of stale) this.values.delete(key);
  }

  /** Drops everything, and overtakes every read under way. */
  clear(): void {
    this.firstRemembered = this.version + 1;
    this.changes = [];
    this.values.clear();
  }
}
