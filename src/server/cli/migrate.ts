import { openDatabase } from '../database';
import { readEnv } from '../env';

// npm run db:migrate: applies db/migrations to the configured database.
const database = await openDatabase(readEnv());
await database.close();
console.log('Migrations applied.');
