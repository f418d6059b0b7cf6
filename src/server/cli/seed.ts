import { accountService } from '../services/accounts';
import { seedDemo } from '#db/seed';
import { openDatabase } from '../database';
import { readEnv } from '../env';

// npm run db:seed: loads the demo content into an empty database.
const database = await openDatabase(readEnv());
const seeded = await seedDemo(database.db, accountService);
await database.close();
console.log(seeded ? 'Demo content loaded.' : 'The database already has content; nothing was loaded.');
