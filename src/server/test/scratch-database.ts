import postgres from 'postgres';

/** `url` with its database swapped for `database`: the same server, user and options. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * An empty database named `name` on the PostgreSQL server at `serverUrl`, for a test run or a
 * benchmark of its own, and how to drop it. One left under that name by a run that was cut off
 * is dropped first.
 */
export async function createScratchDatabase(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const quoted = `"${name.replace(/"/g, '""')}"`;
  const onServer = async (statements: string[]) => {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      for (const statement of statements) await admin.unsafe(statement);
    } finally {
      await admin.end();
    }
  };
  const dropStatement = `drop database if exists ${quoted} with (force)`;
  await onServer([dropStatement, `create database ${quoted}`]);
  return { url: withDatabase(serverUrl, name), drop: () => onServer([dropStatement]) };
}
