import { CreateEventStore1763800000000 } from './1763800000000-create-event-store';

/** Every migration, oldest first. New migrations are appended; landed ones never change. */
export const MIGRATIONS = [CreateEventStore1763800000000];
