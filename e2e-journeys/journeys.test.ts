import { runJourneys } from './harness';

/** Every journey of journeys/ in each engine, one engine after the other. */
await runJourneys(import.meta.glob('./journeys/*.ts'));
