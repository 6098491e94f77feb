import { CreateEventStore1763800000000 } from './1763800000000-create-event-store';
import { CreateReadModels1763900000000 } from './1763900000000-create-read-models';

/** Every migration, oldest first. New migrations are appended; landed ones never change. */
export const MIGRATIONS = [CreateEventStore1763800000000, CreateReadModels1763900000000];
