import { auditLog } from '#db/schema';
import type { Db } from '#db/client';

/** Input fields never kept in the log: secrets and bytes. */
const WITHHELD = new Set(['password', 'currentPassword', 'newPassword', 'bytes']);
/** The fields that name an item, in the order a summary prefers them. */
const NAMING_FIELDS = ['title', 'name', 'word', 'email', 'username'];

/** The input as the log keeps it: no secrets or bytes, long texts cut. */
function keptDetails(input: unknown): Record<string, unknown> | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (WITHHELD.has(key)) continue;
    kept[key] = typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…` : value;
  }
  return kept;
}

/** "admin.podcasts.create: Finding your voice (#12)". */
function summaryOf(action: string, details: Record<string, unknown> | null, targetId: number | null): string {
  const name = NAMING_FIELDS.map((field) => details?.[field]).find((value): value is string => typeof value === 'string' && value.length > 0);
  const parts = [name, targetId !== null ? `#${targetId}` : undefined].filter(Boolean);
  return parts.length ? `${action}: ${parts.join(' ')}` : action;
}

/** The item a change acted on: the input's id (or userId), else the id the answer carries. */
function targetOf(input: unknown, output: unknown): number | null {
  for (const source of [input, output]) {
    if (source && typeof source === 'object') {
      const record = source as Record<string, unknown>;
      for (const key of ['id', 'userId']) if (typeof record[key] === 'number') return record[key] as number;
    }
  }
  return null;
}

/** Records one admin change that went through; called for every admin mutation. */
export async function recordAdminAction(
  db: Db,
  change: { admin: { id: number; firstName: string; lastName: string }; action: string; input: unknown; output: unknown },
): Promise<void> {
  const details = keptDetails(change.input);
  const targetId = targetOf(change.input, change.output);
  await db.insert(auditLog).values({
    adminId: change.admin.id,
    adminName: `${change.admin.firstName} ${change.admin.lastName}`.trim(),
    action: change.action,
    targetId,
    summary: summaryOf(change.action, details, targetId),
    details,
  });
}
